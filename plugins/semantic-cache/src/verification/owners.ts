/**
 * Whose each thing is: "my mom's calls … on my phone" / "my calls … on my mom's phone", "my partner's
 * parents don't like me" / "my parents don't like my partner". Every word is shared; the owners differ.
 */
import { nounParty, otherDoer } from './actors.js';
import { isCarrier } from './question-words.js';
import { stemOf } from './stems.js';
import { PERSONS } from './word-lists.js';

/** Whose thing a question names: "my mom's phone" is `{ thing: stemOf('phone'), of: 'mother' }`, "my phone" `{ …, of: 'speaker' }`. */
export interface Possession {
  readonly thing: string;
  readonly of: string;
  /** The stem of the word after the thing, its verb when the thing acts: "hits" of "my ball hits …". */
  readonly then?: string;
}

const POSSESSIVES: ReadonlyMap<string, string> = new Map([
  ['my', 'speaker'],
  // "your" asked in general is "my", as `people` reads it.
  ['your', 'speaker'],
  ['his', 'other'],
  ['her', 'other'],
  ['their', 'other'],
]);

/**
 * Whose each thing is, read from the text as typed, since the tokens drop "'s": a possessive word ("my",
 * "your", "his") or a name with "'s" ("my mom's", "a coworker's"), and the word right after it.
 * @example
 * possessionsOf("why do my mom's calls go to voicemail on my phone").map((p) => p.of);
 * // ['speaker', 'mother', 'speaker']: my mom, mom's calls, my phone
 */
export function possessionsOf(text: string): Possession[] {
  const words = text.toLowerCase().split(SPACES).map(trimmed);
  const found: Possession[] = [];
  words.forEach((word, i) => {
    const next = words[i + 1];
    if (next === undefined || next === '') return;
    const base = withoutPossessive(word);
    const of = POSSESSIVES.get(word) ?? (base !== word ? ownerNamed(base) : undefined);
    const then = words[i + 2];
    if (of !== undefined)
      found.push({ thing: stemOf(withoutPossessive(next)), of, ...(then ? { then: stemOf(withoutPossessive(then)) } : {}) });
  });
  return found;
}

const SPACES = /\s+/;
const SOMEONE: ReadonlySet<string> = new Set(['someone', 'somebody', 'anyone', 'anybody', 'else']);

/**
 * "my mom's", "a coworker's", "someone's", "someone else's": a named party, another, or a content word;
 * "it's", "he's" and "what's" own nothing.
 */
function ownerNamed(word: string): string | undefined {
  if (word === '') return undefined;
  // "someone's car" is another's, as "his car" is.
  if (SOMEONE.has(word)) return 'other';
  return nounParty(word) ?? (PERSONS.has(word) || !isCarrier(word) ? undefined : `~${stemOf(word)}`);
}

/** A word without the punctuation around it, apostrophes inside kept: a loop, no backtracking. */
function trimmed(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && !WORD_CHAR.test(word[start]!)) start += 1;
  while (end > start && !WORD_CHAR.test(word[end - 1]!) && !APOSTROPHES.has(word[end - 1]!)) end -= 1;
  return word.slice(start, end);
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const APOSTROPHES: ReadonlySet<string> = new Set(["'", '\u2019']);

/** "mom's" and "parents'" are "mom" and "parents"; any other word stays as it is ("hello'" closes a quote). */
function withoutPossessive(word: string): string {
  if (word.endsWith("'s") || word.endsWith('\u2019s')) return word.slice(0, -2);
  return APOSTROPHES.has(word[word.length - 1] ?? '') && word[word.length - 2] === 's' ? word.slice(0, -1) : word;
}

/**
 * The same thing owned by another party, each owner named in both questions: "my partner's parents don't
 * like me" / "my parents don't like my partner", "my mom's calls … on my phone" / "my calls … on my mom's
 * phone". A thing with an owner in common, or "his"/"her" for any party but the asker, is no swap.
 * @example
 * // "my classmate copied my essay" / "I copied my classmate's essay"
 * swappedOwners(facts("my classmate copied my essay"), facts("I copied my classmate's essay")); // true
 */
export function swappedOwners(
  a: {
    readonly possessions: readonly Possession[];
    readonly parties: ReadonlySet<string>;
    readonly words: readonly { readonly stem: string }[];
  },
  b: {
    readonly possessions: readonly Possession[];
    readonly parties: ReadonlySet<string>;
    readonly words: readonly { readonly stem: string }[];
  },
): boolean {
  for (const x of a.possessions) {
    const owners = b.possessions.filter((y) => y.thing === x.thing);
    if (owners.length === 0 || owners.some((y) => !otherDoer(x.of, y.of))) continue;
    if (owners.some((y) => owns(x.of, b) && owns(y.of, a))) return true;
  }
  return actingOwnerTraded(a, b);
}

/**
 * Both own the thing in both questions, and whose of the two acts differs: "if my ball hits my partner's
 * ball" / "if my partner's ball hits my ball", "my dog bit my neighbor's dog" / "my neighbor's dog bit my
 * dog". The thing acting is the thing with the same word after it, a verb of the question.
 */
function actingOwnerTraded(
  a: { readonly possessions: readonly Possession[] },
  b: { readonly possessions: readonly Possession[] },
): boolean {
  for (const x of a.possessions) {
    if (x.then === undefined || !isCarrier(x.then)) continue;
    const acting = b.possessions.filter((y) => y.thing === x.thing && y.then === x.then);
    if (acting.length === 0 || acting.some((y) => !otherDoer(x.of, y.of))) continue;
    const ownersOf = (facts: { readonly possessions: readonly Possession[] }) =>
      new Set(facts.possessions.filter((p) => p.thing === x.thing).map((p) => p.of));
    const [inA, inB] = [ownersOf(a), ownersOf(b)];
    if (acting.some((y) => inA.has(y.of) && inB.has(x.of))) return true;
  }
  return false;
}

/** The owner is named in the question too: a party, or the word itself ("classmate"). */
function owns(
  owner: string,
  facts: { readonly parties: ReadonlySet<string>; readonly words: readonly { readonly stem: string }[] },
): boolean {
  return owner.startsWith('~') ? facts.words.some((w) => w.stem === owner.slice(1)) : facts.parties.has(owner);
}
