/**
 * Which content words of one question the other has too: the same word, the same stem, or a spelling
 * variant ("centre" / "center", "organise" / "organize"). The words left over on each side are what
 * the two questions differ in.
 */
import type { ContentWord } from './question-words.js';
import { NOT_PLURAL } from './word-lists.js';

export interface WordDifference {
  /** Content words of the first question the second lacks. */
  readonly onlyFirst: readonly ContentWord[];
  /** Content words of the second question the first lacks. */
  readonly onlySecond: readonly ContentWord[];
  /** Two words that share a stem but not a meaning: "news" / "new", "flying fish" / "fly fishing". */
  readonly collision: boolean;
}

/** Common start of two words beyond which they read as one stem to a lexical embedder. */
const SHARED_START = 4;

export function wordDifference(first: readonly ContentWord[], second: readonly ContentWord[]): WordDifference {
  const onlyFirst = first.filter((a) => !second.some((b) => sameWord(a, b)));
  const onlySecond = second.filter((b) => !first.some((a) => sameWord(a, b)));
  const collision =
    onlyFirst.some((a) => onlySecond.some((b) => sharedStart(a.word, b.word))) ||
    first.some((a) =>
      second.some((b) => a.stem === b.stem && a.word !== b.word && (NOT_PLURAL.has(a.word) || NOT_PLURAL.has(b.word))),
    ) ||
    movedSuffix(first, second);
  return { onlyFirst, onlySecond, collision };
}

function sameWord(a: ContentWord, b: ContentWord): boolean {
  if (a.word === b.word) return true;
  if (NOT_PLURAL.has(a.word) || NOT_PLURAL.has(b.word)) return false;
  return a.stem === b.stem || spellingVariant(a.word, b.word);
}

/** One letter changed, added, dropped or swapped with its neighbour, in words of five letters or more. */
export function spellingVariant(a: string, b: string): boolean {
  if (a.length < 5 || b.length < 5 || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j += 1;
  const restA = a.length - i - j;
  const restB = b.length - i - j;
  if (restA <= 1 && restB <= 1) return true;
  // A swap of neighbours: "centre" / "center".
  return restA === 2 && restB === 2 && a[i] === b[i + 1] && a[i + 1] === b[i];
}

/** Two unmatched words that start alike: "creditor" / "credit", "university" / "universal". */
function sharedStart(a: string, b: string): boolean {
  if (a.length < SHARED_START || b.length < SHARED_START) return false;
  for (let i = 0; i < SHARED_START; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** "flying fish" / "fly fishing": the same stems, with the -ing on a different one. */
function movedSuffix(first: readonly ContentWord[], second: readonly ContentWord[]): boolean {
  const ingFirst = first.filter((w) => w.word.endsWith('ing') && w.word !== w.stem).map((w) => w.stem);
  const ingSecond = second.filter((w) => w.word.endsWith('ing') && w.word !== w.stem).map((w) => w.stem);
  if (ingFirst.length === 0 || ingSecond.length === 0) return false;
  return ingFirst.some((stem) => !ingSecond.includes(stem)) && ingSecond.some((stem) => !ingFirst.includes(stem));
}
