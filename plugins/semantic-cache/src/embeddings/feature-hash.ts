/**
 * The signed hashing trick: a feature lands in one of `dims` slots with a +1 or −1 sign taken from
 * its hash, so colliding features cancel on average instead of piling up. FNV-1a over UTF-16 code
 * units, finished with murmur3's mixer so that nearby inputs spread over all slots.
 */

const FNV_PRIME = 0x01000193;

/** Namespaces keep a word, a character n-gram and a word pair with the same text apart. */
export const Namespace = Object.freeze({ WORD: 0x811c9dc5, NGRAM: 0x2f6b8a1d, PAIR: 0x5bd1e995 });

/**
 * FNV-1a of `text[from, to)` continued from `seed`.
 * @example
 * const h = fnv1a('password', Namespace.WORD);
 */
export function fnv1a(text: string, seed: number, from = 0, to = text.length): number {
  let h = seed;
  for (let i = from; i < to; i += 1) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

/** One more code unit into a running FNV-1a. */
export function fnvStep(h: number, code: number): number {
  return Math.imul(h ^ code, FNV_PRIME) >>> 0;
}

/** murmur3's 32-bit finaliser. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Adds `weight` at the feature's slot with the feature's sign. */
export function addFeature(vector: Float64Array, hash: number, weight: number): void {
  const mixed = mix32(hash);
  vector[slotOf(mixed, vector.length)]! += mixed & 0x80000000 ? -weight : weight;
}

/**
 * `mixed % slots` in two halves: a 32-bit unsigned value above 2^31 is a double to V8, and `%` on a
 * double is a call to fmod, which cost more than the rest of the feature. Each half stays a small integer.
 */
function slotOf(mixed: number, slots: number): number {
  return (((mixed >>> 16) % slots) * 0x10000 + (mixed & 0xffff)) % slots;
}
