/**
 * A count or quantifier moved to another thing: "Can I mount an EBS volume on multiple EC2 instances?" /
 * "Can I mount multiple EBS volumes on an EC2 instance?", "more than one promo code on an order" / "one
 * promo code on more than one order"; or two numbers trading places between the same words ("tow a 1500
 * kg caravan with a car that weighs 1300 kg" / "a 1300kg caravan … weighs 1500kg"). The two questions hold
 * the same words and the same numbers, and a neural embedder scores them as one question; what differs is
 * which thing there are several of, or how many.
 */
import type { ContentWord } from './question-words.js';
import { UNITS } from './word-lists.js';

/** Words that count the thing after them; "1" is "one" (the tokens spell numbers as digits). */
// prettier-ignore
const QUANTIFIERS: ReadonlySet<string> = new Set([
  'multiple', 'several', 'many', 'single', 'all', 'every', 'each', 'both', 'few', 'more', 'fewer', 'less', '1',
]);

/** How far after the quantifier the counted thing is looked for: "multiple [small] EBS volumes". */
const REACH = 3;

/**
 * Each quantifier of a question, with the stems of the things it counts: the first content word after it.
 * @example
 * // "mount multiple EBS volumes on an EC2 instance"
 * countedThings(tokens, contentWords(tokens)); // Map { 'multiple' => Set { 'eb' } }
 */
export function countedThings(tokens: readonly string[], words: readonly ContentWord[]): Map<string, Set<string>> {
  const counted = new Map<string, Set<string>>();
  tokens.forEach((token, i) => {
    if (!QUANTIFIERS.has(token)) return;
    // "more than 1 order": the count is "more than", of what follows the number.
    const from = token === 'more' && tokens[i + 1] === 'than' ? i + 2 : i;
    const thing = words.find((word) => word.at > from && word.at <= from + REACH);
    if (thing === undefined) return;
    const things = counted.get(token) ?? new Set<string>();
    things.add(thing.stem);
    counted.set(token, things);
  });
  return counted;
}

/**
 * The same quantifier counting, in each question, a thing the other question names but does not count
 * with it.
 * @example
 * // "an EBS volume on multiple EC2 instances" / "multiple EBS volumes on an EC2 instance"
 * movedCount(facts(first), facts(second)); // true
 */
export function movedCount(
  a: { readonly words: readonly ContentWord[]; readonly counts: ReadonlyMap<string, ReadonlySet<string>> },
  b: { readonly words: readonly ContentWord[]; readonly counts: ReadonlyMap<string, ReadonlySet<string>> },
): boolean {
  for (const [quantifier, first] of a.counts) {
    const second = b.counts.get(quantifier);
    if (second === undefined) continue;
    const namesA = (thing: string) => a.words.some((word) => word.stem === thing);
    const namesB = (thing: string) => b.words.some((word) => word.stem === thing);
    const onlyFirst = [...first].some((thing) => !second.has(thing) && namesB(thing));
    const onlySecond = [...second].some((thing) => !first.has(thing) && namesA(thing));
    if (onlyFirst && onlySecond) return true;
  }
  return false;
}

/**
 * The same numbers in another reading order, every other word the same and in the same order (units and
 * articles aside, which go with the numbers: "1500 kg" / "1500kg"): each number now measures another
 * thing. Questions worded otherwise are left to the restated reading and `relations`: "an 8.0 or an 8.25
 * deck" asked as "an 8.25 or an 8.0 deck" in another sentence asks the same.
 * @example
 * // "tow a 1500 kg caravan with a car that weighs 1300 kg" / "tow a 1300kg caravan … weighs 1500kg"
 * swappedNumbers(facts(first), facts(second)); // true
 */
export function swappedNumbers(
  a: { readonly tokens: readonly string[]; readonly numbers: readonly string[] },
  b: { readonly tokens: readonly string[]; readonly numbers: readonly string[] },
): boolean {
  if (a.numbers.length < 2 || a.numbers.length !== b.numbers.length) return false;
  if (a.numbers.every((n, i) => n === b.numbers[i])) return false;
  // Other numbers, or the same read in other units ("1 hour … or 2" / "… or two hours"), are the numbers rule's to judge.
  const sorted = [...b.numbers].sort();
  if (![...a.numbers].sort().every((n, i) => n === sorted[i])) return false;
  const first = frame(a.tokens);
  const second = frame(b.tokens);
  return first.length === second.length && first.every((token, i) => token === second[i]);
}

const DIGIT = /\d/;
const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);

/** A question's words without its numbers, their units and the articles before them. */
function frame(tokens: readonly string[]): string[] {
  return tokens.filter((token) => !DIGIT.test(token) && !UNITS.has(token) && !ARTICLES.has(token));
}
