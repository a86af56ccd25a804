/**
 * A name written as its initials on one side and in full on the other: "NYC" / "New York City", "WAP" /
 * "wireless access point", "ABMS" / "the American Board of Medical Specialties". The `names` rule would
 * read the initials as a name the other question lacks.
 */
import { nameOf } from './question-words.js';
import { stemOf } from './stems.js';

/** Words a name's initials may leave out: "Board of Medical Specialties". */
const LEFT_OUT: ReadonlySet<string> = new Set(['of', 'and', 'the', 'for', 'de']);
/** Initials of two to six letters, the longest name a question spells out. */
const INITIALS = /^[a-z]{2,6}$/;
/** A word of the spelled-out name: letters only. */
const LETTERS = /^[a-z]+$/;

/**
 * Where `tokens` spell out `initials`, as [first, after last], or undefined.
 * @example
 * spelledOut('nyc', ['is', 'new', 'york', 'city', 'safe']); // [1, 4]
 * spelledOut('abms', ['the', 'american', 'board', 'of', 'medical', 'specialties']); // [1, 6]
 */
export function spelledOut(initials: string, tokens: readonly string[]): readonly [number, number] | undefined {
  if (!INITIALS.test(initials)) return undefined;
  for (let start = 0; start < tokens.length; start += 1) {
    if (tokens[start]![0] !== initials[0] || LEFT_OUT.has(tokens[start]!)) continue;
    const end = spelledFrom(initials, tokens, start, 0);
    if (end !== undefined) return [start, end];
  }
  return undefined;
}

/**
 * The end of a run from `at` whose words open with `initials[k..]`, a word left out where its initial is
 * not next. Each initial moves `k` on and each word `at`, and a left-out word is tried only after the
 * word's initial failed: at most two ways a word, over six letters.
 */
function spelledFrom(initials: string, tokens: readonly string[], at: number, k: number): number | undefined {
  if (k === initials.length) return at;
  const word = tokens[at];
  if (word === undefined || !LETTERS.test(word)) return undefined;
  if (word[0] === initials[k]) {
    const end = spelledFrom(initials, tokens, at + 1, k + 1);
    if (end !== undefined) return end;
  }
  return k > 0 && LEFT_OUT.has(word) ? spelledFrom(initials, tokens, at + 1, k) : undefined;
}

/**
 * The name `name` of one question (its token at `tokens`) is the other's initials spelled out, or the
 * initials of a name the other spells out.
 * @example
 * // "Is the NYC subway safe?" / "Is the New York City subway safe?"
 * initialsCover('nyc', ['is', 'the', 'nyc', …], ['is', 'the', 'new', 'york', 'city', …], new Set(['new', 'york', 'city'])); // true
 */
export function initialsCover(
  name: string,
  tokens: readonly string[],
  otherTokens: readonly string[],
  otherNames: ReadonlySet<string>,
): boolean {
  // A name is kept as its canonical form ("british" as "britain", "abms" as "abm"): its tokens are the words
  // whose form it is.
  const written = tokens.filter((token) => formOf(token, name));
  if (written.some((token) => spelledOut(token, otherTokens) !== undefined)) return true;
  for (const run of runsSpelledOut(tokens, otherTokens, otherNames))
    for (let at = run[0]; at < run[1]; at += 1) if (formOf(tokens[at]!, name)) return true;
  return false;
}

/** The runs of `tokens` that spell out a name the other question gives as initials. */
function* runsSpelledOut(
  tokens: readonly string[],
  otherTokens: readonly string[],
  otherNames: ReadonlySet<string>,
): Generator<readonly [number, number]> {
  for (const initials of otherTokens) {
    if (!INITIALS.test(initials) || !isName(initials, otherNames)) continue;
    const run = spelledOut(initials, tokens);
    if (run !== undefined) yield run;
  }
}

/** `token` is written for the name `name`: itself, its alias or its stem. */
function formOf(token: string, name: string): boolean {
  return token === name || nameOf(token) === name || stemOf(token) === name;
}

function isName(token: string, names: ReadonlySet<string>): boolean {
  return names.has(token) || names.has(nameOf(token)) || names.has(stemOf(token));
}

/**
 * The places in `tokens` of initials the other question spells out, and of the words that spell out the
 * other's initials: words the other question says too, in its own way.
 * @example
 * // "Is the NYC subway safe?" / "Is the New York City subway safe?"
 * initialsPlaces(['is', 'the', 'new', 'york', 'city', …], names, ['is', 'the', 'nyc', …], otherNames); // {2, 3, 4}
 */
export function initialsPlaces(
  tokens: readonly string[],
  names: ReadonlySet<string>,
  otherTokens: readonly string[],
  otherNames: ReadonlySet<string>,
): Set<number> {
  const places = new Set<number>();
  tokens.forEach((token, at) => {
    if (INITIALS.test(token) && isName(token, names) && spelledOut(token, otherTokens) !== undefined) places.add(at);
  });
  for (const run of runsSpelledOut(tokens, otherTokens, otherNames)) for (let at = run[0]; at < run[1]; at += 1) places.add(at);
  return places;
}
