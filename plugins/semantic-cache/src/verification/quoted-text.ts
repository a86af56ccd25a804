/**
 * Text the asker puts in quotes: a phrase to translate, a word to define, an error message. The words
 * inside are the subject itself, so "How do you say 'the book' in German?" and "… 'the books' …", or
 * "'I miss you'" and "'you miss me'", ask different things however close the rest is.
 */
import { lexicalTokens } from '../embeddings/lexical-tokens.js';

const OPENING = new Set(['"', "'", '\u2018', '\u201c']);
const CLOSING = new Set(['"', "'", '\u2019', '\u201d']);
/** What may stand before an opening quote: the start, a space or a bracket ("don't" opens nothing). */
const BEFORE_OPENING = /[\s([{]/;
/** What may follow a closing quote: the end, a space or punctuation ("the dog's toy" closes nothing). */
const AFTER_CLOSING = /[\s)\]}?.,!:;]/;
/** Longest quoted span looked for, so a stray quote costs a bounded look-ahead and the scan stays linear. */
const MAX_QUOTED = 200;

/**
 * The quoted spans of a text, each as its tokens joined by spaces ("externally-managed-environment" is
 * "externally managed environment"), sorted so their order does not count.
 * @example
 * quotedText('In German, when do you use "du" versus "Sie"?'); // ['du', 'sie']
 * quotedText("What's the difference between a will and a trust?"); // []
 */
export function quotedText(text: string): string[] {
  const spans: string[] = [];
  // Where the last fruitless look-ahead stopped: no closing quote stands before it, so a later opening
  // looks on from there and each character is looked at a bounded number of times.
  let noClosingBefore = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (!OPENING.has(text[i]!) || (i > 0 && !BEFORE_OPENING.test(text[i - 1]!))) continue;
    // Empty quotes ('' or "") quote nothing.
    if (CLOSING.has(text[i + 1] ?? '')) {
      i += 1;
      continue;
    }
    const last = Math.min(text.length, i + 1 + MAX_QUOTED);
    const end = closingAt(text, Math.max(i + 2, noClosingBefore), last);
    if (end === -1) {
      noClosingBefore = last;
      continue;
    }
    const words = lexicalTokens(text.slice(i + 1, end).replace(HYPHENS, ' ')).join(' ');
    if (words !== '') spans.push(words);
    i = end;
  }
  return spans.sort();
}

const HYPHENS = /-/g;

/** The first closing quote in `[from, last)`: one followed by the end, a space or punctuation. */
function closingAt(text: string, from: number, last: number): number {
  for (let i = from; i < last; i += 1)
    if (CLOSING.has(text[i]!) && (i + 1 === text.length || AFTER_CLOSING.test(text[i + 1]!))) return i;
  return -1;
}
