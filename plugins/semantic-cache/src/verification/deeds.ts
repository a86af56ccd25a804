/**
 * Who does each thing a question names, wherever it stands: "my husband snores and I can't sleep" / "I
 * snore and my husband can't sleep", "I hit an uninsured driver" / "an uninsured driver hit me". Every
 * word is shared, so an embedder scores such pairs as one question; the doers differ.
 */
import { CHOICE, nounParty, otherDoer, party } from './actors.js';
import { isCarrier } from './question-words.js';
import { stemOf } from './stems.js';
import { AUXILIARIES } from './word-lists.js';

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

/** Words that make one with the "to" after them: "I don't have to pay her", "she needs to call me". */
const BEFORE_TO: ReadonlySet<string> = new Set([
  'have',
  'has',
  'had',
  'need',
  'needs',
  'needed',
  'got',
  'going',
  'want',
  'wants',
]);

/** Possessives: "my" in "my feelings" names whose, not who acts. */
const OWNERS: ReadonlySet<string> = new Set(['my', 'our', 'your', 'his', 'her', 'their', 'its', 'mine', 'ours']);

/**
 * What each party does, in reading order: a subject pronoun or a party ("my husband", "the seller"), and
 * the first content word after it past auxiliaries, adverbs and "have to" or "need to"; and the asker, of
 * what "is it … to" names.
 * @example
 * deedsOf(lexicalTokens('money my parents gave me'));  // [{ action: stemOf('gave'), by: 'parent' }]
 * deedsOf(lexicalTokens('Do I have to pay tax?'));      // [{ action: 'pay', by: 'speaker' }]: past "have to"
 * deedsOf(lexicalTokens('is it bad to yell at my kids')); // [{ action: 'yell', by: 'speaker' }]
 */
export function deedsOf(tokens: readonly string[]): Deed[] {
  const deeds: Deed[] = [];
  tokens.forEach((token, i) => {
    if (token === 'to' && impersonal(tokens, i)) {
      const next = tokens[i + 1];
      if (next !== undefined && isCarrier(next) && party(next) === undefined && !/\d/.test(next))
        deeds.push({ action: stemOf(next), by: 'speaker' });
      return;
    }
    const by = SUBJECTS.get(token) ?? (OWNERS.has(token) || SUBJECTS.has(token) ? undefined : nounParty(token));
    if (by === undefined || inChoice(tokens, i)) return;
    const next = tokens[pastAuxiliaries(tokens, i + 1)];
    if (next === undefined || !isCarrier(next) || party(next) !== undefined || /\d/.test(next)) return;
    deeds.push({ action: stemOf(next), by });
  });
  return deeds;
}

/** The first token from `from` that is no auxiliary, adverb or "have to": where the action stands. */
function pastAuxiliaries(tokens: readonly string[], from: number): number {
  let j = from;
  while (j < tokens.length) {
    if (BEFORE_TO.has(tokens[j]!) && tokens[j + 1] === 'to') j += 2;
    else if (BEFORE_ACTION.has(tokens[j]!) || AUXILIARIES.has(tokens[j]!)) j += 1;
    else break;
  }
  return j;
}

/**
 * "is it bad to yell at my kids?", "would it be rude to ask …": the asker weighs doing it, so the asker is
 * the one who does; "is it bad for my kids to …" names another doer and is not read.
 */
function impersonal(tokens: readonly string[], to: number): boolean {
  return (
    tokens[to - 2] === 'it' || (tokens[to - 3] === 'it' && tokens[to - 1] !== undefined && party(tokens[to - 1]!) === undefined)
  );
}

/** "Are cats or dogs better …?", "a cat or a dog": parties weighed against each other, where neither does anything. */
function inChoice(tokens: readonly string[], i: number): boolean {
  const partyAt = (k: number) => nounParty(tokens[k] ?? '') !== undefined;
  return (
    (CHOICE.has(tokens[i - 1] ?? '') && (partyAt(i - 2) || partyAt(i - 3))) ||
    (CHOICE.has(tokens[i + 1] ?? '') && (partyAt(i + 2) || partyAt(i + 3)))
  );
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
  // A deed both questions have by the same doer is no swap, whoever else does it too ("my kids yell and I
  // yell" against itself).
  const has = (deeds: readonly Deed[], deed: Deed) => deeds.some((d) => d.action === deed.action && d.by === deed.by);
  for (const x of a.deeds) {
    if (has(b.deeds, x)) continue;
    for (const y of b.deeds)
      if (x.action === y.action && !has(a.deeds, y) && otherDoer(x.by, y.by) && b.parties.has(x.by) && a.parties.has(y.by))
        return true;
  }
  return false;
}
