/**
 * The word tokens of a question as the local embedder and the hit verification read them: Unicode
 * NFKC, lower case, Latin accents off, contractions spelled out ("can't" → "can not"), hyphenated
 * words closed up ("e-mail" → "email"), punctuation out, number words as digits, "%" as "percent".
 */
import { numbersAsDigits } from './number-words.js';

/** Contractions whose stem changes; the regular `n't` and the rest follow rules below. */
const IRREGULAR: readonly [RegExp, string][] = [
  [/\bwon't\b/g, 'will not'],
  [/\bcan't\b/g, 'can not'],
  [/\bshan't\b/g, 'shall not'],
  [/\bain't\b/g, 'is not'],
  [/\blet's\b/g, 'let us'],
];

/** Contractions typed without the apostrophe ("dont", "whats"); unambiguous in a question. */
const BARE_NOT = /\b(do|does|did|is|are|was|were|could|should|would|have|has|had|must|need)nt\b/g;
const BARE_IS = /\b(what|where|how|who|that)s\b/g;

/** `'s` is "is" after these words ("what's", "it's"), a possessive after others ("John's"). */
const IS_CONTRACTED = /\b(it|that|what|where|who|how|there|here|he|she|when|why|this)'s\b/g;

/**
 * Arithmetic read as words, so "2 + 3" and "2 * 3" stay apart once punctuation is gone. A hyphen
 * between bare digits is a range or a date ("2-3 days", "2024-01-05"), not a minus; with a space
 * beside it, or between one-letter variables ("a-b"), it is one. Each pattern is the symbol with an
 * operand on each side (digits, a bracket, or a one-letter variable); the symbol is looked for first,
 * so the look back over spaces runs at symbols only, not from every position of a run of spaces.
 */
// prettier-ignore
const OPERATORS: readonly [RegExp, string][] = [
  [/(?=\+)(?<=(?:[\p{N})]|(?<![\p{L}\p{N}])\p{L})\s*)(?:\+)(?=\s*(?:[\p{N}(]|\p{L}(?![\p{L}\p{N}])))/gu, ' plus '],
  [/(?=\u2212|\s[-\u2013]|[-\u2013]\s|(?<=\p{L})-(?=\p{L}))(?<=(?:[\p{N})]|(?<![\p{L}\p{N}])\p{L})\s*)(?:\u2212|\s[-\u2013]|[-\u2013]\s|(?<=\p{L})-(?=\p{L}))(?=\s*(?:[\p{N}(]|\p{L}(?![\p{L}\p{N}])))/gu, ' minus '],
  [/(?=[*\u00d7\u22c5])(?<=(?:[\p{N})]|(?<![\p{L}\p{N}])\p{L})\s*)(?:[*\u00d7\u22c5])(?=\s*(?:[\p{N}(]|\p{L}(?![\p{L}\p{N}])))/gu, ' times '],
  [/(?=[/\u00f7])(?<=(?:[\p{N})]|(?<![\p{L}\p{N}])\p{L})\s*)(?:[/\u00f7])(?=\s*(?:[\p{N}(]|\p{L}(?![\p{L}\p{N}])))/gu, ' divided by '],
  [/(?=\^)(?<=(?:[\p{N})]|(?<![\p{L}\p{N}])\p{L})\s*)(?:\^)(?=\s*(?:[\p{N}(]|\p{L}(?![\p{L}\p{N}])))/gu, ' power '],
];

const NON_ASCII = /[^\u0020-\u007e\t\n\r]/;
const OPERATOR_SYMBOL = /[-+*/^\u2212\u2013\u00d7\u22c5\u00f7]/;

/** Word, digits with a decimal part, or a word that ends in `+`/`#` (`c++`, `c#`, `notepad++`). */
const TOKEN = /\p{N}+(?:\.\p{N}+)+|[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}]+)*[+#]*/gu;
/** {@link TOKEN} on lower-case printable ASCII, where \p{N} is 0-9, \p{L} is a-z and \p{M} is nothing. */
const ASCII_TOKEN = /[0-9]+(?:\.[0-9]+)+|[a-z0-9]+(?:-[a-z]+)*[+#]*/g;

/**
 * @example
 * lexicalTokens("What's 15% of twenty-five?"); // ['what', 'is', '15', 'percent', 'of', '25']
 * lexicalTokens("I can't log-in");             // ['i', 'can', 'not', 'login']
 */
export function lexicalTokens(text: string): string[] {
  let s = text.toLowerCase();
  // Printable ASCII is already NFKC and has no accents: most questions skip three normalisation passes.
  const ascii = !NON_ASCII.test(s);
  if (!ascii) {
    s = s
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'")
      // Latin, Greek and Cyrillic accents only: marks of other scripts carry vowels and stay.
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC');
  }
  if (s.includes("'")) s = spellOutContractions(s);
  // Each rewrite only where its text can occur: a pattern that cannot match still costs a scan.
  if (s.includes('nt'))
    s = s
      .replace(BARE_NOT, '$1 not')
      .replace(/\bcant\b/g, 'can not')
      .replace(/\bwont\b/g, 'will not');
  if (s.includes('cannot')) s = s.replace(/\bcannot\b/g, 'can not');
  s = s.replace(BARE_IS, '$1 is');
  if (s.includes(',')) s = s.replace(/(\d),(?=\d{3}\b)/g, '$1');
  if (s.includes('%')) s = s.replace(/%/g, ' percent ');
  if (s.includes('&')) s = s.replace(/&/g, ' and ');
  if (OPERATOR_SYMBOL.test(s)) for (const [pattern, word] of OPERATORS) s = s.replace(pattern, word);
  const words: string[] = [];
  // Still ASCII after the rewrites above (they write ASCII words): the same tokens without Unicode classes.
  const token = ascii ? ASCII_TOKEN : TOKEN;
  token.lastIndex = 0;
  for (let match = token.exec(s); match !== null; match = token.exec(s)) {
    const word = match[0];
    if (word.includes('-')) words.push(...splitHyphens(word));
    else words.push(word);
  }
  return numbersAsDigits(words);
}

function spellOutContractions(s: string): string {
  for (const [pattern, replacement] of IRREGULAR) s = s.replace(pattern, replacement);
  return s
    .replace(/n't\b/g, ' not')
    .replace(IS_CONTRACTED, '$1 is')
    .replace(/'re\b/g, ' are')
    .replace(/'ve\b/g, ' have')
    .replace(/'ll\b/g, ' will')
    .replace(/'m\b/g, ' am')
    .replace(/'d\b/g, ' would')
    .replace(/'s\b/g, '');
}

/**
 * "e-mail" and "wi-fi" close up to their usual spelling; a compound with a number in it splits
 * ("twenty-five", "2-factor", "two-factor"), so its number reads like any other.
 */
function splitHyphens(word: string): string[] {
  const parts = word.split('-');
  return parts.some((part) => /\p{N}/u.test(part) || NUMBER_PARTS.has(part)) ? parts : [parts.join('')];
}

// prettier-ignore
const NUMBER_PARTS = new Set([
  'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'twenty', 'thirty', 'forty',
  'fifty', 'sixty', 'seventy', 'eighty', 'ninety', 'first', 'second', 'third', 'fourth', 'fifth',
  'sixth', 'seventh', 'eighth', 'ninth',
]);
