/**
 * The ids and vectors the lifecycle suite writes: a small pool of ids (two of them past 32 bits, which borrow
 * an hnswlib label), each with a few versions of its vector, every pair far enough apart that a lookup of an
 * exact vector at similarity 0.999 can only find the entry written with it.
 */

export const LIFECYCLE_DIMS = 8;
/** Dims of the start that must be refused: the saved set and the log hold vectors of {@link LIFECYCLE_DIMS}. */
export const OTHER_DIMS = [4, 16] as const;

export const IDS = [1, 2, 3, 4, 5, 6, 7, 8, 2 ** 33 + 7, 2 ** 40] as const;
export const VERSIONS = 3;

/** The similarity a qa must reach to count as "found this exact vector". */
export const EXACT = 0.999;
/** No two vectors of the pool are this similar, so exact lookups are unambiguous. */
const MAX_PAIR_SIMILARITY = 0.97;

/** A direction of its own for every (id, version): a fixed pseudo-random vector, never zero. */
export function vectorFor(id: number, version: number): number[] {
  let state = (Math.imul(id % 1_000_003, 2654435761) ^ Math.imul(version + 1, 40503)) >>> 0;
  const vector: number[] = [];
  for (let d = 0; d < LIFECYCLE_DIMS; d++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    vector.push(Math.round(((state / 2 ** 32) * 2 - 1) * 1000) / 1000);
  }
  return vector;
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let d = 0; d < a.length; d++) {
    dot += a[d]! * b[d]!;
    na += a[d]! * a[d]!;
    nb += b[d]! * b[d]!;
  }
  return dot / Math.sqrt(na * nb);
}

/** Short for an id in a printed sequence: `2^40` rather than 1099511627776. */
export function idName(id: number): string {
  if (id === 2 ** 40) return '2^40';
  if (id === 2 ** 33 + 7) return '2^33+7';
  return String(id);
}

function checkSeparation(): void {
  const all = IDS.flatMap((id) => Array.from({ length: VERSIONS }, (_, version) => ({ id, version })));
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const a = all[i]!;
      const b = all[j]!;
      const similarity = cosine(vectorFor(a.id, a.version), vectorFor(b.id, b.version));
      if (similarity > MAX_PAIR_SIMILARITY) {
        throw new Error(`lifecycle points: ${a.id}/${a.version} and ${b.id}/${b.version} are ${similarity.toFixed(4)} similar`);
      }
    }
  }
}

// The suite's checks rely on it; a change to the generator that breaks it fails at once, not as a flaky lookup.
checkSeparation();
