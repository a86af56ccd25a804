/** `sluice vector-cache`: the vector answer cache, configured by SVC_* environment variables. */
import { parseArgs } from 'node:util';
import { VectorCacheService } from '@sluice/preset-vector-cache';
import type { Output } from './cli.js';
import { untilSignalled } from './until-signalled.js';

const HELP = `usage: sluice vector-cache

  Configured by environment variables (SVC_DIMS is required), e.g.
    SVC_DIMS=384 SVC_DATA_DIR=./data SVC_LISTEN_ADDR=127.0.0.1:8090 sluice vector-cache
  Every setting is listed in docs/vector-cache.md.

signals: SIGHUP re-reads the license; SIGTERM/SIGINT drain, write the final snapshot and stop.`;

export async function vectorCacheCommand(
  argv: readonly string[],
  output: Output,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  try {
    const flags = parseArgs({ args: [...argv], options: { help: { type: 'boolean', short: 'h' } }, strict: true }).values;
    if (flags.help === true) {
      output.out(HELP);
      return 0;
    }
  } catch (error) {
    output.err(`sluice vector-cache: ${(error as Error).message}\n${HELP}`);
    return 1;
  }
  let service: VectorCacheService;
  try {
    service = await VectorCacheService.start(env);
  } catch (error) {
    output.err(`sluice vector-cache: ${(error as Error).message}`);
    return 1;
  }
  const { settings } = service;
  const stopped = untilSignalled(
    'sluice vector-cache',
    { logger: service.logger, stop: () => service.stop(), reload: () => service.reloadLicense() },
    output,
  );
  output.out(
    `sluice vector-cache listening on ${service.url} (dims ${settings.dims}, ${settings.metric}, data ${settings.dataDir}, durability ${settings.durability})`,
  );
  return stopped;
}
