/** `sluice vector-cache`: the vector answer cache, configured by SVC_* environment variables. */
import { progressWanted } from '@sluice/util';
import { VectorCacheService } from '@sluice/vector-cache';
import { parseCommandLine } from './command-line.js';
import { renderHelp, type CommandHelp } from './help.js';
import { progressStream, type Output } from './output.js';
import { RestoreDisplay } from './restore-progress.js';
import { untilSignalled } from './until-signalled.js';
import { vectorCacheFailure } from './vector-cache-failure.js';

export const VECTOR_CACHE_HELP: CommandHelp = {
  usage: ['sluice vector-cache [--progress]      (settings: SVC_DIMS=N and other SVC_* variables)'],
  summary:
    'Run the vector answer cache: an HTTP service that stores answers under your embeddings and answers near questions; it restores its snapshot and write-ahead log at start.',
  flags: [
    ['--progress', 'show the restore’s progress on stderr even when it is not a terminal'],
    ['-h, --help', 'show this help'],
  ],
  notes: [
    'settings (environment): SVC_DIMS (required), SVC_LISTEN_ADDR (127.0.0.1:8090), SVC_DATA_DIR (./data),',
    '  SVC_DURABILITY (wal), SVC_AUTH_REQUIRED, SVC_APP_KEYS, SVC_ADMIN_KEYS, SVC_LICENSE_* … (all in the docs)',
    '  SVC_VECTOR_BACKEND=qdrant with SVC_QDRANT_URL, SVC_QDRANT_COLLECTION, SVC_QDRANT_API_KEY: several instances share one cache',
    'connection timeouts (seconds; 0: no limit): SVC_CLIENT_HEADER_TIMEOUT_SECS (20), SVC_CLIENT_REQUEST_TIMEOUT_SECS (60),',
    '  SVC_KEEPALIVE_TIMEOUT_SECS (65), SVC_SEND_TIMEOUT_SECS (60); POST bodies must be Content-Type: application/json',
    'signals: SIGHUP re-reads the license; SIGTERM/SIGINT drain, write the final snapshot and stop.',
    'exit: 0 stopped cleanly, 1 a setting, the license or the data directory refused the start, 2 a wrong command line.',
  ],
  examples: [
    'SVC_DIMS=384 sluice vector-cache',
    'SVC_DIMS=384 SVC_DATA_DIR=/var/lib/sluice SVC_LISTEN_ADDR=0.0.0.0:8090 sluice vector-cache --progress',
  ],
  docs: ['docs/cli.md', 'docs/vector-cache.md'],
};

const OPTIONS = { progress: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

export async function vectorCacheCommand(
  argv: readonly string[],
  output: Output,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const { values: flags } = parseCommandLine('sluice vector-cache', argv, OPTIONS);
  if (flags.help === true) {
    output.out(renderHelp(VECTOR_CACHE_HELP));
    return 0;
  }
  const stream = progressStream(output);
  const restore = new RestoreDisplay(stream, progressWanted(flags.progress, stream));
  let service: VectorCacheService;
  try {
    service = await VectorCacheService.start(env, { onRestore: (progress) => restore.update(progress) });
  } catch (error) {
    restore.end();
    throw vectorCacheFailure(error);
  }
  const { settings } = service;
  const stopped = untilSignalled(
    'sluice vector-cache',
    { logger: service.logger, stop: () => service.stop(), reload: () => service.reloadLicense() },
    output,
  );
  // On Qdrant there is no data directory and nothing restored: the collection is the store.
  const where =
    settings.qdrant === undefined
      ? `data ${settings.dataDir}, durability ${settings.durability}`
      : `qdrant ${settings.qdrant.url}, collection ${settings.qdrant.collection}`;
  if (settings.qdrant === undefined) output.out(restore.result(settings.dataDir));
  output.out(`sluice vector-cache listening on ${service.url} (dims ${settings.dims}, ${settings.metric}, ${where})`);
  return stopped;
}
