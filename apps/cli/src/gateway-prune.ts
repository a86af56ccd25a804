/** `sluice gateway --prune-expired-semantic-cache`: delete expired semantic entries, with progress as it goes. */
import { Metrics } from '@sluice/core';
import { enabledInConfig, optionsFromConfig, type ResolvedConfig } from '@sluice/config';
import { formatCount, Progress } from '@sluice/util';
import { pruneExpiredSemanticEntries, SemanticCacheOptionsSchema, type PruneProgress } from '@sluice/plugin-semantic-cache';
import { RELEASE_VERSION } from '@sluice/preset-gateway';
import { pino } from 'pino';
import { progressStream, type Output } from './output.js';

/** Prints one result line per store and one in all; progress on stderr when `showProgress`. */
export async function pruneSemanticCache(config: ResolvedConfig, output: Output, showProgress: boolean): Promise<number> {
  const options = enabledInConfig(SemanticCacheOptionsSchema, config)
    ? optionsFromConfig(SemanticCacheOptionsSchema, config)
    : undefined;
  if (options === undefined) {
    output.out('sluice gateway: the semantic cache is not enabled in this configuration; nothing to prune');
    return 0;
  }
  const stream = progressStream(output);
  const shown = new Map<string, Progress>();
  const onProgress = ({ location, total, scanned, removed }: PruneProgress) => {
    let progress = shown.get(location);
    if (progress === undefined) {
      for (const earlier of shown.values()) earlier.end();
      progress = new Progress({ label: `pruning ${location}`, total, stream, enabled: showProgress });
      progress.step(`${formatCount(total)} entries to scan`);
      shown.set(location, progress);
    }
    progress.count(scanned, `${formatCount(scanned)} scanned, ${formatCount(removed)} removed`);
  };
  const logger = pino({ level: 'warn' });
  let results;
  try {
    results = await pruneExpiredSemanticEntries(options, {
      logger,
      metrics: new Metrics(),
      serverVersion: RELEASE_VERSION,
      onProgress,
    });
  } finally {
    for (const progress of shown.values()) progress.end();
  }
  const removed = results.reduce((sum, result) => sum + result.removed, 0);
  for (const result of results)
    output.out(`sluice gateway: ${result.location}: removed ${result.removed} expired semantic entries`);
  output.out(`sluice gateway: removed ${removed} expired semantic entries in all`);
  return 0;
}
