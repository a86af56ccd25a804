/** `sluice gateway` serving: start, listen, print where and what is on, then run until a signal. */
import type { ResolvedConfig } from '@sluice/core';
import { Gateway, startupSummary } from '@sluice/preset-gateway';
import { listenFailure, startFailure } from './gateway-failure.js';
import type { Output } from './output.js';
import { untilSignalled } from './until-signalled.js';

/** Resolves with the exit code once a signal has stopped the gateway. */
export async function serveGateway(config: ResolvedConfig, file: string, output: Output): Promise<number> {
  let gateway: Gateway;
  try {
    // The file is kept for SIGHUP, which reads it again.
    gateway = await Gateway.create(config, { configFile: file });
  } catch (error) {
    throw startFailure(error);
  }
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
