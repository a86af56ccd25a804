/** `sluice gateway` serving: start, listen, print where and what is on, then run until a signal. */
import type { ResolvedConfig } from '@sluice/config';
import type { RestoreProgress } from '@sluice/plugin-semantic-cache';
import { Gateway, startupSummary } from '@sluice/gateway';
import { gatewayOptionsFromConfig, urlCredentialWarnings } from '@sluice/preset-gateway';
import { listenFailure, startFailure } from './gateway-failure.js';
import { progressStream, type Output } from './output.js';
import { RestoreDisplay } from './restore-progress.js';
import { untilSignalled } from './until-signalled.js';

/**
 * Resolves with the exit code once a signal has stopped the gateway. With `progress`, the in-process
 * semantic store's restore shows its steps on stderr and its result on stdout, before the listening line.
 */
export async function serveGateway(config: ResolvedConfig, file: string, output: Output, progress = false): Promise<number> {
  let gateway: Gateway;
  const restore = new RestoreDisplay(progressStream(output), progress, 'restoring the semantic cache');
  let restored = false;
  const onSemanticRestore = (step: RestoreProgress) => {
    restored = true;
    restore.update(step);
  };
  for (const warning of urlCredentialWarnings(config)) output.err(`sluice gateway: warning: ${warning}`);
  try {
    // The file is kept for SIGHUP, which reads it again.
    gateway = await Gateway.create(gatewayOptionsFromConfig(config), {
      configFile: file,
      ...(progress ? { onSemanticRestore } : {}),
    });
  } catch (error) {
    restore.end();
    throw startFailure(error);
  }
  const location = gateway.runtime.semantic?.location;
  if (restored && location !== undefined) output.out(`semantic cache: ${restore.result(location)}`);
  const address = gateway.runtime.settings.listenAddr;
  let url: string;
  try {
    ({ url } = await gateway.listen());
  } catch (error) {
    // The plugins are running (connections, timers): stop them, or the process would not exit.
    await gateway.shutdown();
    throw listenFailure(error, address, file);
  }
  const stopped = untilSignalled(
    'sluice gateway',
    { logger: gateway.logger, stop: () => gateway.shutdown(), reload: () => void gateway.reload() },
    output,
  );
  output.out(`sluice gateway listening on ${url}`);
  for (const line of startupSummary(gateway.runtime, url)) output.out(line);
  return stopped;
}
