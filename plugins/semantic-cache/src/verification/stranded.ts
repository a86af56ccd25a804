/**
 * A preposition left at the end: "Who is Zeus the father of?" asks whose father Zeus is, "Who is the
 * father of Zeus?" who Zeus's father is. The two hold the same words, and a neural embedder scores them
 * as one question. When one question ends on "the N P" and the other says "N P X" with the X the first
 * one names before it, the asked thing and X have traded places around the same frame.
 */
import { isCarrier } from './question-words.js';
import { stemOf } from './stems.js';

/** Prepositions a question may end on. */
// prettier-ignore
const STRANDABLE: ReadonlySet<string> = new Set([
  'of', 'to', 'for', 'with', 'from', 'by', 'about', 'at', 'on', 'in', 'into',
]);

/** An article before the frame makes it a noun; "send my son to" is a verb and its object. */
const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);

/** Words between a preposition and its object that name nothing: "of the Romans". */
const DETERMINERS: ReadonlySet<string> = new Set(['a', 'an', 'the', 'my', 'your', 'his', 'her', 'its', 'our', 'their']);

/**
 * @example
 * strandedTrade(lexicalTokens('who is zeus the father of'), lexicalTokens('who is the father of zeus')); // true
 * strandedTrade(lexicalTokens('which country is paris the capital of'), lexicalTokens('paris is the capital of which country')); // false
 */
export function strandedTrade(a: readonly string[], b: readonly string[]): boolean {
  return trades(a, b) || trades(b, a);
}

/** `ends` ends on "N P"; `says` has "N P X" with X named in `ends` before the "N P". */
function trades(ends: readonly string[], says: readonly string[]): boolean {
  const last = ends.length - 1;
  const preposition = ends[last];
  const frame = ends[last - 1];
  if (preposition === undefined || frame === undefined || !STRANDABLE.has(preposition) || !isCarrier(frame)) return false;
  // A noun frame ("the father of"), not a verb whose object was asked for ("which format should I shoot
  // in" / "shoot in RAW or JPEG", "something to worry about" / "worry about a lump").
  if (!ARTICLES.has(ends[last - 2] ?? '')) return false;
  // Both left it at the end: the same question, whatever else they say.
  if (says[says.length - 1] === preposition && stemOf(says[says.length - 2] ?? '') === stemOf(frame)) return false;
  const before = new Set(
    ends
      .slice(0, last - 1)
      .filter(isCarrier)
      .map(stemOf),
  );
  for (let i = 1; i < says.length - 1; i += 1) {
    if (says[i] !== preposition || stemOf(says[i - 1]!) !== stemOf(frame)) continue;
    let k = i + 1;
    while (DETERMINERS.has(says[k] ?? '')) k += 1;
    const object = says[k];
    // "the capital of which country" asks the same thing as "which country is Paris the capital of".
    if (object !== undefined && isCarrier(object) && before.has(stemOf(object))) return true;
  }
  return false;
}
