/**
 * Who acts in a question: "Can my landlord charge me for the boiler?" and "Can I charge my landlord for
 * the boiler?" hold the same two parties and the same words, and a neural embedder scores them as one
 * question (USE-lite: "Can a tenant sue a landlord for mold?" / "Can a landlord sue a tenant for mold?"
 * 0.982), yet one asks what the landlord may do and the other what the tenant may. A party that is no
 * person, pet or listed role ("my insurance company", "my HOA") is not read, so such pairs still pass. The actor is the party right after the auxiliary that opens the question or its clause
 * ("can my landlord", "do I", "if my brother cosigns"); two questions whose actors differ, each actor a
 * party of the other question as well, have traded roles. The same holds of any deed the question
 * names, wherever it stands: "my husband snores and I can't sleep" / "I snore and my husband can't
 * sleep", "I hit an uninsured driver" / "an uninsured driver hit me" (deedsOf, swappedDeeds); and of
 * whose each thing is: "my mom's calls … on my phone" / "my calls … on my mom's phone"
 * (possessionsOf, swappedOwners).
 */
import { orderStem } from './relations.js';
import { isCarrier } from './question-words.js';
import { stemOf } from './stems.js';
import { AUXILIARIES, PERSONS } from './word-lists.js';

/** How far into a clause its opening auxiliary is looked for: "How much notice do I have to give …". */
const OPENING = 6;

/** Words between the auxiliary and the actor: "can my landlord", "does the HOA", "can't I". */
// prettier-ignore
const BEFORE_ACTOR: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'my', 'our', 'your', 'their', 'his', 'her', 'its', 'this', 'that', 'not', 'also',
  'really', 'still', 'even', 'ever', 'legally', 'actually',
]);

/**
 * Parties that act on one another besides people and pets (word-lists.ts PERSONS): firms, offices and the
 * roles of a transaction. Kept apart from PERSONS, where a party is who a question is about and "a doctor"
 * against "a physician" would then differ.
 */
// prettier-ignore
const PARTIES: ReadonlySet<string> = new Set([
  'bank', 'lender', 'school', 'university', 'college', 'government',
  'court', 'judge', 'police', 'seller', 'buyer', 'doctor', 'dentist', 'vet', 'nurse', 'patient', 'photographer',
  'neighbor', 'neighbour', 'guest', 'guests', 'host', 'bride', 'groom', 'bridesmaid', 'bridesmaids', 'professor',
  'teacher', 'student', 'coach', 'contractor', 'agent', 'realtor', 'broker', 'airline', 'hotel', 'store', 'shop',
  'customer', 'customers', 'team', 'player', 'referee', 'ex', 'roommate', 'cosigner', 'owner', 'renter', 'buyers',
  'sellers', 'irs', 'hmrc', 'ebay', 'amazon', 'uber', 'driver', 'passenger', 'lawyer', 'attorney', 'recruiter',
]);

const CHOICE: ReadonlySet<string> = new Set(['or', 'and', 'vs', 'versus', 'nor']);

/** The party that stands for a token, or undefined for a token that is none. */
function party(token: string): string | undefined {
  // "How do you …" in general is "How do I …" (question-words.ts, people).
  if (token === 'you' || token === 'u') return 'speaker';
  const person = PERSONS.get(token);
  if (person !== undefined) return person;
  return PARTIES.has(token) ? orderStem(token) : undefined;
}

/**
 * The actor of the first clause that opens with an auxiliary near its start, or undefined.
 * @example
 * actorOf(lexicalTokens('Can my landlord charge me for a broken boiler?')); // 'landlord'
 * actorOf(lexicalTokens('How much notice do I have to give?'));              // 'speaker'
 */
export function actorOf(tokens: readonly string[]): string | undefined {
  const end = Math.min(tokens.length, OPENING);
  for (let i = 0; i < end; i += 1) {
    if (!AUXILIARIES.has(tokens[i]!) && tokens[i] !== 'if') continue;
    let j = i + 1;
    while (j < tokens.length && BEFORE_ACTOR.has(tokens[j]!)) j += 1;
    // "Are cats or dogs better for …?" weighs two parties; neither acts.
    return j < tokens.length && !CHOICE.has(tokens[j + 1] ?? '') ? party(tokens[j]!) : undefined;
  }
  return undefined;
}

/** Every party a question names. */
export function partiesOf(tokens: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const token of tokens) {
    const p = party(token);
    if (p !== undefined) found.add(p);
  }
  return found;
}

/**
 * @example
 * // "Can my landlord charge me …?" / "Can I charge my landlord …?"
 * tradedRoles({ actor: 'landlord', parties }, { actor: 'speaker', parties: otherParties }); // true
 */
export function tradedRoles(
  a: { readonly actor: string | undefined; readonly parties: ReadonlySet<string> },
  b: { readonly actor: string | undefined; readonly parties: ReadonlySet<string> },
): boolean {
  return (
    a.actor !== undefined && b.actor !== undefined && a.actor !== b.actor && b.parties.has(a.actor) && a.parties.has(b.actor)
  );
}

/** One thing a question says someone does: "my parents gave" is `{ action: 'gave', by: 'parent' }`. */
export interface Deed {
  /** The stem of the word that follows the party: its verb, most often. */
  readonly action: string;
  readonly by: string;
}

/** Pronouns that stand before their verb; "me", "him", "her" and "us" stand after it. */
const SUBJECTS: ReadonlyMap<string, string> = new Map([
  // "we" takes in the asker and others ("my friend is moving, how do we stay close" / "how do friends …"): no one doer.
  ['i', 'speaker'],
  // "How do you …" in general is "How do I …", as `people` reads it.
  ['you', 'speaker'],
  ['u', 'speaker'],
  ['he', 'other'],
  ['she', 'other'],
  ['someone', 'other'],
  ['somebody', 'other'],
]);

/** Words between a party and what it does: "my professor keeps interrupting", "I can't sleep". */
// prettier-ignore
const BEFORE_ACTION: ReadonlySet<string> = new Set([
  'not', 'never', 'can', 'could', 'will', 'would', 'should', 'may', 'might', 'must', 'do', 'does', 'did',
  'keep', 'keeps', 'kept', 'always', 'still', 'just', 'really', 'also', 'often', 'sometimes', 'usually',
  'even', 'ever', 'accidentally',
]);

/** Possessives: "my" in "my feelings" names whose, not who acts. */
const OWNERS: ReadonlySet<string> = new Set(['my', 'our', 'your', 'his', 'her', 'their', 'its', 'mine', 'ours']);

/**
 * What each party does, in reading order: a subject pronoun or a party ("my husband", "the seller"), and
 * the first content word after it past auxiliaries and adverbs.
 * @example
 * deedsOf(lexicalTokens('Do I have to pay tax on money my parents gave me?')); // [{ action: 'pay', by: 'speaker' }, { action: 'gave', by: 'parent' }]
 */
export function deedsOf(tokens: readonly string[]): Deed[] {
  const deeds: Deed[] = [];
  tokens.forEach((token, i) => {
    const by = SUBJECTS.get(token) ?? (OWNERS.has(token) || SUBJECTS.has(token) ? undefined : nounParty(token));
    if (by === undefined || inChoice(tokens, i)) return;
    let j = i + 1;
    while (j < tokens.length && (BEFORE_ACTION.has(tokens[j]!) || AUXILIARIES.has(tokens[j]!))) j += 1;
    const next = tokens[j];
    if (next === undefined || !isCarrier(next) || party(next) !== undefined || /\d/.test(next)) return;
    deeds.push({ action: stemOf(next), by });
  });
  return deeds;
}

/** "Are cats or dogs better …?", "a cat or a dog": parties weighed against each other, where neither does anything. */
function inChoice(tokens: readonly string[], i: number): boolean {
  const partyAt = (k: number) => nounParty(tokens[k] ?? '') !== undefined;
  return (
    (CHOICE.has(tokens[i - 1] ?? '') && (partyAt(i - 2) || partyAt(i - 3))) ||
    (CHOICE.has(tokens[i + 1] ?? '') && (partyAt(i + 2) || partyAt(i + 3)))
  );
}

/** A party named by a noun ("husband", "landlord", "seller"): no pronoun. */
function nounParty(token: string): string | undefined {
  const person = PERSONS.get(token);
  if (person === 'speaker' || person === 'addressee' || person === 'other') return undefined;
  return party(token);
}

/**
 * The same thing done by another party, each party named in both questions: "my husband snores and I
 * can't sleep" / "I snore and my husband can't sleep", "he hurt my feelings" / "I hurt his feelings".
 * @example
 * // "money my parents gave me" / "money I gave my parents"
 * swappedDeeds({ deeds: [{ action: 'gave', by: 'parent' }], parties }, { deeds: [{ action: 'gave', by: 'speaker' }], parties }); // true
 */
export function swappedDeeds(
  a: { readonly deeds: readonly Deed[]; readonly parties: ReadonlySet<string> },
  b: { readonly deeds: readonly Deed[]; readonly parties: ReadonlySet<string> },
): boolean {
  for (const x of a.deeds)
    for (const y of b.deeds)
      if (x.action === y.action && otherDoer(x.by, y.by) && b.parties.has(x.by) && a.parties.has(y.by)) return true;
  return false;
}

/** "he" or "someone" may be any party but the asker: "if my kid refuses" / "if he refuses" is one doer. */
function otherDoer(x: string, y: string): boolean {
  if (x === y) return false;
  return x === 'speaker' || y === 'speaker' || (x !== 'other' && y !== 'other');
}

/** Whose thing a question names: "my mom's phone" is `{ thing: 'phone', of: 'mother' }`, "my phone" `{ thing: 'phone', of: 'speaker' }`. */
export interface Possession {
  readonly thing: string;
  readonly of: string;
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
 * possessionsOf("why do my mom's calls go to voicemail on my phone");
 * // [{ thing: 'mom', of: 'speaker' }, { thing: 'call', of: 'mother' }, { thing: 'phone', of: 'speaker' }]
 */
export function possessionsOf(text: string): Possession[] {
  const words = text.toLowerCase().split(SPACES).map(trimmed);
  const found: Possession[] = [];
  words.forEach((word, i) => {
    const next = words[i + 1];
    if (next === undefined || next === '') return;
    const base = withoutPossessive(word);
    const of = POSSESSIVES.get(word) ?? (base !== word ? ownerNamed(base) : undefined);
    if (of !== undefined) found.push({ thing: stemOf(withoutPossessive(next)), of });
  });
  return found;
}

const SPACES = /\s+/;

/** "my mom's", "a coworker's": a named party or a content word; "it's", "he's" and "what's" own nothing. */
function ownerNamed(word: string): string | undefined {
  if (word === '') return undefined;
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

/** "mom's" and "parents'" are "mom" and "parents"; any other word stays as it is. */
function withoutPossessive(word: string): string {
  if (word.endsWith("'s") || word.endsWith('\u2019s')) return word.slice(0, -2);
  return APOSTROPHES.has(word[word.length - 1] ?? '') ? word.slice(0, -1) : word;
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
  return false;
}

/** The owner is named in the question too: a party, or the word itself ("classmate"). */
function owns(
  owner: string,
  facts: { readonly parties: ReadonlySet<string>; readonly words: readonly { readonly stem: string }[] },
): boolean {
  return owner.startsWith('~') ? facts.words.some((w) => w.stem === owner.slice(1)) : facts.parties.has(owner);
}
