/**
 * A word swapped for another where it stood: "a visa for Japan" / "a visa for China", "an overactive
 * bladder" / "an underactive bladder", "substitute for buttermilk" / "substitute for baking powder".
 */
import type { ContentWord } from './question-words.js';
import { sameWord, type WordDifference } from './word-match.js';

/** Words of a swap, both sides together: up to two for two. */
const MAX_SWAP = 4;

/**
 * @example
 * // "whats the best time to go to bali" / "… to go to iceland"
 * swappedInPlace(wordDifference(a.words, b.words), a, b); // true
 */
export function swappedInPlace(
  difference: WordDifference,
  a: { readonly words: readonly ContentWord[]; readonly tokens: readonly string[] },
  b: { readonly words: readonly ContentWord[]; readonly tokens: readonly string[] },
): boolean {
  const { onlyFirst, onlySecond } = difference;
  if (onlyFirst.length === 0 || onlySecond.length === 0 || onlyFirst.length + onlySecond.length > MAX_SWAP) return false;
  if (!inPlace(a.words, onlyFirst, b.words, onlySecond)) return false;
  // A word for two or two for two, only in the slot after the same preposition or number, the same
  // token after: "substitute for buttermilk in" / "for baking powder in", "to 2 decimal places" /
  // "to 2 significant figures". Elsewhere it is as often an idiom put plainly ("fell flat" / "collapsed").
  return onlyFirst.length + onlySecond.length === 2 || sameFrame(a.tokens, onlyFirst, b.tokens, onlySecond);
}

/**
 * The swapped words stand where the others stood: each side's words are one run, and the content words
 * on each side of the runs are the same ("a visa for Japan" / "a visa for China", "2 decimal places" /
 * "2 significant figures"). Words swapped while the rest is reworded ("the highest mountain in Africa"
 * / "Africa's tallest mountain") are as often synonyms, which a neural embedder reads and a lexical one
 * scores low.
 */
function inPlace(
  first: readonly ContentWord[],
  onlyFirst: readonly ContentWord[],
  second: readonly ContentWord[],
  onlySecond: readonly ContentWord[],
): boolean {
  const i = first.indexOf(onlyFirst[0]!);
  const j = second.indexOf(onlySecond[0]!);
  const endI = i + onlyFirst.length;
  const endJ = j + onlySecond.length;
  if (first[endI - 1] !== onlyFirst[onlyFirst.length - 1] || second[endJ - 1] !== onlySecond[onlySecond.length - 1]) return false;
  return sameNeighbour(first[i - 1], second[j - 1]) && sameNeighbour(first[endI], second[endJ]);
}

// prettier-ignore
const SLOT_OPENERS: ReadonlySet<string> = new Set([
  'for', 'in', 'of', 'on', 'with', 'at', 'from', 'to', 'into', 'than', 'by', 'about', 'near', 'without',
]);

/** The same preposition or number right before each run, the same token (or the end) right after. */
function sameFrame(
  first: readonly string[],
  onlyFirst: readonly ContentWord[],
  second: readonly string[],
  onlySecond: readonly ContentWord[],
): boolean {
  const afterFirst = first[onlyFirst[onlyFirst.length - 1]!.at + 1];
  const afterSecond = second[onlySecond[onlySecond.length - 1]!.at + 1];
  const before = first[onlyFirst[0]!.at - 1];
  return (
    before !== undefined &&
    (SLOT_OPENERS.has(before) || DIGIT_FIRST.test(before)) &&
    before === second[onlySecond[0]!.at - 1] &&
    afterFirst === afterSecond
  );
}

function sameNeighbour(a: ContentWord | undefined, b: ContentWord | undefined): boolean {
  return a === undefined || b === undefined ? a === b : sameWord(a, b);
}

const DIGIT_FIRST = /^\d/;
