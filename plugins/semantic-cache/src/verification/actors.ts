/**
 * Who acts in a question: "Can my landlord charge me for the boiler?" and "Can I charge my landlord for
 * the boiler?" hold the same two parties and the same words, and a neural embedder scores them as one
 * question (USE-lite: "Can a tenant sue a landlord for mold?" / "Can a landlord sue a tenant for mold?"
 * 0.982), yet one asks what the landlord may do and the other what the tenant may. A party that is no
 * person, pet or listed role ("my insurance company", "my HOA") is not read, so such pairs still pass. The actor is the party right after the auxiliary that opens the question or its clause
 * ("can my landlord", "do I", "if my brother cosigns"); two questions whose actors differ, each actor a
 * party of the other question as well, have traded roles. The same holds of any deed the question names
 * (deeds.ts) and of whose each thing is (owners.ts).
 */
import { orderStem } from './relations.js';
import { AUXILIARIES, PERSONS } from './word-lists.js';
import { isCarrier } from './question-words.js';
import { stemOf } from './stems.js';

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
  'therapist', 'counselor', 'counsellor', 'psychologist', 'psychiatrist', 'pharmacist', 'surgeon', 'tutor',
  'mentor', 'mechanic', 'insurer', 'borrower', 'creditor', 'debtor', 'supplier', 'vendor', 'franchisor',
  'franchisee', 'sponsor', 'director', 'actor', 'author', 'publisher', 'editor', 'umpire', 'captain', 'pilot',
]);

/** Words that weigh parties against each other: "cats or dogs". */
export const CHOICE: ReadonlySet<string> = new Set(['or', 'and', 'vs', 'versus', 'nor']);

/**
 * The party that stands for a token, or undefined for a token that is none.
 * @example
 * party('landlord'); // 'landlord'
 * party('you');      // 'speaker'
 */
export function party(token: string): string | undefined {
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
export function actorOf(
  tokens: readonly string[],
  /** The party "he", "she" or "they" stands for: one named in a sentence before ("My parents are … can they …"). */
  antecedent?: string,
): string | undefined {
  return actingOf(tokens, antecedent)?.actor;
}

/** The actor and the word right after it, its verb when the question opens "can my landlord charge …". */
export interface Acting {
  readonly actor: string | undefined;
  readonly verb: string | undefined;
}

/**
 * {@link actorOf} with the word after the actor.
 * @example
 * actingOf(lexicalTokens('Can my landlord charge me for a broken boiler?')); // { actor: 'landlord', verb: 'charge' }
 */
export function actingOf(tokens: readonly string[], antecedent?: string): Acting | undefined {
  const end = Math.min(tokens.length, OPENING);
  for (let i = 0; i < end; i += 1) {
    if (!AUXILIARIES.has(tokens[i]!) && tokens[i] !== 'if') continue;
    // "I am a US citizen, can I …": an auxiliary after its subject opens no question; read on.
    if (SUBJECTS_BEFORE.has(tokens[i - 1] ?? '')) continue;
    let j = i + 1;
    while (j < tokens.length && BEFORE_ACTOR.has(tokens[j]!)) j += 1;
    // "Are cats or dogs better for …?" weighs two parties; neither acts.
    if (j >= tokens.length || CHOICE.has(tokens[j + 1] ?? '')) return undefined;
    const actor = REFERRING.has(tokens[j]!)
      ? (tokens
          .slice(0, i)
          .map(nounParty)
          .find((p) => p !== undefined) ?? antecedent)
      : party(tokens[j]!);
    return { actor, verb: tokens[j + 1] };
  }
  return undefined;
}

/** Subjects an auxiliary follows in a statement: "I am …", "my parents are …". */
const SUBJECTS_BEFORE: ReadonlySet<string> = new Set([...PERSONS.keys()]);

const PERSON_KINDS: ReadonlySet<string> = new Set(PERSONS.values());

/** Pronouns that stand for a party named before them. */
const REFERRING: ReadonlySet<string> = new Set(['he', 'she', 'they']);

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

/**
 * The same deed done by another party, one of them no person (whom the people rule compares) and neither
 * named in general: "can my insurer cancel my policy" / "can I cancel my policy" ask what two different
 * parties may do. The verb right after each actor is one word.
 * @example
 * replacedDoer({ actor: 'insurer', actorVerb: 'cancel' }, { actor: 'speaker', actorVerb: 'cancel' }); // true
 */
export function replacedDoer(
  a: { readonly actor: string | undefined; readonly actorVerb: string | undefined },
  b: { readonly actor: string | undefined; readonly actorVerb: string | undefined },
): boolean {
  if (a.actor === undefined || b.actor === undefined || a.actor === b.actor) return false;
  if (a.actor === 'other' || b.actor === 'other' || a.actorVerb === undefined || b.actorVerb === undefined) return false;
  // Two people ("my son" / "my daughter") are the people rule's to compare.
  if (PERSON_KINDS.has(a.actor) && PERSON_KINDS.has(b.actor)) return false;
  return isCarrier(a.actorVerb) && stemOf(a.actorVerb) === stemOf(b.actorVerb);
}

/**
 * A party named by a noun ("husband", "landlord", "seller"): no pronoun.
 * @example
 * nounParty('husband'); // 'husband'
 * nounParty('he');      // undefined
 */
export function nounParty(token: string): string | undefined {
  const person = PERSONS.get(token);
  if (person === 'speaker' || person === 'addressee' || person === 'other') return undefined;
  return party(token);
}

/**
 * Two parties that are not the same one: "he" or "someone" may be any party but the asker ("if my kid
 * refuses" / "if he refuses" is one doer).
 * @example
 * otherDoer('speaker', 'parent'); // true
 * otherDoer('other', 'child');    // false
 */
export function otherDoer(x: string, y: string): boolean {
  if (x === y) return false;
  return x === 'speaker' || y === 'speaker' || (x !== 'other' && y !== 'other');
}
