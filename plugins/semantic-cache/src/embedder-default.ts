/**
 * A setting whose default depends on the embedder (the threshold, the verification rules, restated hits):
 * a neural embedder scores unrelated questions far higher than the lexical one, so one default does not
 * fit both, and a written value always wins.
 */

/**
 * @example
 * byEmbedder(undefined, 'local', 0.92, 0.95);             // 0.92
 * byEmbedder(undefined, 'openai_compatible', 0.92, 0.95); // 0.95
 * byEmbedder(0.9, 'local', 0.92, 0.95);                   // 0.9
 */
export function byEmbedder<T>(written: T | undefined, provider: string, local: T, neural: T): T {
  if (written !== undefined) return written;
  return provider === 'local' ? local : neural;
}
