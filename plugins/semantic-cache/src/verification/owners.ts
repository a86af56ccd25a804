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
  /** The stem of the word before the owner: "from" of "bees from my hive", "rob" of "robbing my neighbour's hive". */
  readonly after?: string;
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
    if (of === undefined) return;
    const then = words[i + 2];
    // "my neighbour's hive": the phrase opens at "my", and the word before it places the thing.
    const opens = POSSESSIVES.has(words[i - 1] ?? '') ? i - 1 : i;
    const after = words[opens - 1];
    found.push({
      thing: stemOf(withoutPossessive(next)),
      of,
      ...(then ? { then: stemOf(withoutPossessive(then)) } : {}),
      ...(after ? { after: stemOf(after) } : {}),
    });
  });
  return found;
}

const SPACES = /\s+/;
/** Possessions compared pairwise at most: a question's, not a document's. */
const OWNED_AT_MOST = 64;
/** Prepositions that place a thing in a question: "bees from my hive", "moved to my account". */
// prettier-ignore
const PLACING: ReadonlySet<string> = new Set([
  'from', 'to', 'into', 'onto', 'on', 'in', 'at', 'with', 'for', 'by', 'over', 'under',
]);
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
  // A question owns a few things; a pasted document is compared word by word (word-match.ts) instead.
  if (a.possessions.length > OWNED_AT_MOST || b.possessions.length > OWNED_AT_MOST) return false;
  for (const x of a.possessions) {
    const owners = b.possessions.filter((y) => y.thing === x.thing);
    // An owner of the thing in common, whichever possession of it in `a` names it, either way round.
    const ownersInA = a.possessions.filter((y) => y.thing === x.thing);
    if (owners.length === 0 || owners.some((y) => ownersInA.some((z) => !otherDoer(z.of, y.of)))) continue;
    if (owners.some((y) => owns(x.of, b) && owns(y.of, a))) return true;
  }
  return actingOwnerTraded(a, b);
}

/**
 * Both own the thing in both questions, and whose of the two stands in one place differs: "if my ball hits
 * my partner's ball" / "if my partner's ball hits my ball", "bees from my hive are robbing my neighbour's
 * hive" / "bees from my neighbour's hive are robbing my hive". The place is the word after the thing (a
 * verb of the question) or before its owner (a preposition or a verb).
 */
function actingOwnerTraded(
  a: { readonly possessions: readonly Possession[] },
  b: { readonly possessions: readonly Possession[] },
): boolean {
  const placed = (x: Possession, y: Possession) =>
    (x.then !== undefined && isCarrier(x.then) && y.then === x.then) ||
    (x.after !== undefined && (PLACING.has(x.after) || isCarrier(x.after)) && y.after === x.after);
  for (const x of a.possessions) {
    const acting = b.possessions.filter((y) => y.thing === x.thing && placed(x, y));
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
