/** For the benchmark's children (run with --expose-gc): a full collection, then the RSS that remains. */

export function collectedRss(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with --expose-gc');
  gc();
  return process.memoryUsage.rss();
}

/** On SIGUSR2, collects and prints `collected rss <bytes>`. */
export function answerCollectRequests(): void {
  process.on('SIGUSR2', () => console.log(`collected rss ${collectedRss()}`));
}
