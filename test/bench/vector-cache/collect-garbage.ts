/** For the benchmark's children (run with --expose-gc): a full collection, then the memory that remains. */

export interface CollectedMemory {
  readonly rss: number;
  /** V8 heap in use, and committed (in use or free for reuse), bytes. */
  readonly heapUsed: number;
  readonly heapTotal: number;
}

export function collectedMemory(): CollectedMemory {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with --expose-gc');
  gc();
  const { rss, heapUsed, heapTotal } = process.memoryUsage();
  return { rss, heapUsed, heapTotal };
}

/** On SIGUSR2, collects and prints `collected rss <bytes> heap-used <bytes> heap-total <bytes>`. */
export function answerCollectRequests(): void {
  process.on('SIGUSR2', () => {
    const { rss, heapUsed, heapTotal } = collectedMemory();
    console.log(`collected rss ${rss} heap-used ${heapUsed} heap-total ${heapTotal}`);
  });
}
