/** A start-up restore (the vector cache's, the gateway's semantic store) as a person sees it: steps and replayed records, then one result line. */
import { formatCount, formatDuration, Progress, type ProgressStream } from '@sluice/util';
import type { RestoreProgress } from '@sluice/vector-cache';

/**
 * @example
 * const restore = new RestoreDisplay(stream, showProgress);
 * const service = await VectorCacheService.start(env, { onRestore: (p) => restore.update(p) });
 * output.out(restore.result(service.settings.dataDir));
 */
export class RestoreDisplay {
  readonly #stream: ProgressStream;
  readonly #enabled: boolean;
  /** Made when the restore begins, so its clock times the restore alone. */
  #progress: Progress | undefined;
  #last: Extract<RestoreProgress, { phase: 'restored' }> | undefined;
  #took = 0;

  readonly #label: string;

  constructor(stream: ProgressStream, enabled: boolean, label = 'restoring snapshot') {
    this.#stream = stream;
    this.#enabled = enabled;
    this.#label = label;
  }

  update(progress: RestoreProgress): void {
    if (progress.phase === 'reading-set') {
      this.#progress = new Progress({ label: this.#label, stream: this.#stream, enabled: this.#enabled });
      this.#progress.step('reading the index, answers and tombstones');
      return;
    }
    if (this.#progress === undefined) return;
    switch (progress.phase) {
      case 'replaying-log':
        if (progress.records === 0) {
          const read = `read ${formatCount(progress.vectors)} vectors (${formatDuration(this.#progress.elapsedMs)})`;
          this.#progress.step(`${read}; replaying the write-ahead log`);
        } else {
          this.#progress.count(progress.records, `${formatCount(progress.records)} log records replayed`);
        }
        return;
      case 'saving':
        this.#progress.step(`saving ${formatCount(progress.records)} replayed records into a new snapshot`);
        return;
      case 'restored':
        this.#last = progress;
        this.#took = this.#progress.elapsedMs;
        this.#progress.end();
    }
  }

  /** Clears a progress line left on a terminal (the start failed midway). */
  end(): void {
    this.#progress?.end();
  }

  /** The one line printed whether or not progress was shown. */
  result(dataDir: string): string {
    const restored = this.#last;
    const took = formatDuration(this.#took);
    if (restored === undefined || (!restored.hadSet && restored.records === 0))
      return `no snapshot in ${dataDir}: starting empty`;
    const replayed = `WAL replayed ${formatCount(restored.records)} record${restored.records === 1 ? '' : 's'}`;
    const vectors = `${formatCount(restored.vectors)} vectors`;
    return restored.hadSet
      ? `restored snapshot: ${vectors}, ${replayed} (${took})`
      : `no snapshot; ${replayed}: ${vectors} (${took})`;
  }
}
