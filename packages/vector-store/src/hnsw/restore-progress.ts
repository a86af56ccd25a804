/**
 * What `HnswVectorStore.open` reports while it restores a data directory, for a progress display.
 * @example
 * const onRestore = (progress: RestoreProgress) => {
 *   if (progress.phase === 'replaying-log') bar.count(progress.records, `${progress.vectors} vectors`);
 * };
 * const store = await HnswVectorStore.open({ dims: 384, dataDir: '/data', onRestore });
 */
export type RestoreProgress =
  /** The paired set (index, answers, tombstones) is being read and checked. */
  | { readonly phase: 'reading-set' }
  /** The set is in memory (`vectors` 0 when there was none); the log written after it is replayed next. */
  | { readonly phase: 'replaying-log'; readonly vectors: number; readonly records: number }
  /** What the log replayed is written into a fresh set, so the log can go. */
  | { readonly phase: 'saving'; readonly vectors: number; readonly records: number }
  | { readonly phase: 'restored'; readonly vectors: number; readonly records: number; readonly hadSet: boolean };
