/**
 * Relations and their direction: the content words on each side of a directed word ("from A to B",
 * "convert X into Y", "does A cause B"). Two questions with the same words on opposite sides of the
 * same relation ask opposite things.
 */
import { isCarrier, nameOf } from './question-words.js';
import { NOT_PLURAL, PERSONS, RELATIONS } from './word-lists.js';
import { sameList } from './word-match.js';
import { verbOf } from './word-forms.js';

export interface Relation {
  readonly word: string;
  readonly before: readonly string[];
  readonly after: readonly string[];
}

/** A name spelled like a function word ("Go", "Swift", "Rust" may be): it carries the question all the same. */
export const NO_NAMES: ReadonlySet<string> = new Set();

/** Content stems looked at on each side of a relation word. */
const WINDOW = 3;

/** Short words compare as written: "HTTP" to "HTTPS" is no plural. */
export function orderStem(token: string): string {
  // "my puppy" and "my dog" are one relative: "introduce my puppy to my cat" / "my kitten to my dog" swap them.
  const person = PERSONS.get(token);
  if (person !== undefined) return person;
  // "a US company" / "an American company": one name, however spelled. "was bitten by" / "bit": one verb.
  return NOT_PLURAL.has(token) ? token : nameOf(verbOf(token));
}

/** "into", "onto" and "toward" link like "to": "from A to B" / "B turn into A", "toner from the paper onto the drum". */
export const relationWord = (token: string) => (TO_LIKE.has(token) ? 'to' : token);
const TO_LIKE: ReadonlySet<string> = new Set(['into', 'onto', 'toward', 'towards']);

export function relations(tokens: readonly string[], named: ReadonlySet<string> = NO_NAMES): Relation[] {
  const found: Relation[] = [];
  tokens.forEach((token, i) => {
    if (!RELATIONS.has(token)) return;
    found.push({ word: relationWord(token), before: side(tokens, i, -1, named), after: side(tokens, i, 1, named) });
  });
  return found;
}

function side(tokens: readonly string[], at: number, step: 1 | -1, named: ReadonlySet<string>): string[] {
  const stems: string[] = [];
  for (let i = at + step; i >= 0 && i < tokens.length && stems.length < WINDOW; i += step) {
    const token = tokens[i]!;
    if (RELATIONS.has(token) || PHRASE_OPENERS.has(token)) break;
    if (isCarrier(token) || named.has(token)) stems.push(orderStem(token));
  }
  return stems;
}

/** Words that open a phrase of its own, out of a relation's reach: "learn to ski as an adult beginner". */
const PHRASE_OPENERS: ReadonlySet<string> = new Set(['as']);

/**
 * @example
 * const a = relations(lexicalTokens('flight from New York to London'));
 * const b = relations(lexicalTokens('flight from London to New York'));
 * reversed(a, b); // true
 */
export function reversed(first: readonly Relation[], second: readonly Relation[]): boolean {
  // A relation both questions hold is no reversal, whatever else either says ("sore from 1 from sore").
  const holds = (relations: readonly Relation[], r: Relation) =>
    relations.some((x) => x.word === r.word && sameList(x.before, r.before) && sameList(x.after, r.after));
  for (const a of first)
    for (const b of second) {
      if (holds(second, a) || holds(first, b)) continue;
      if (a.word !== b.word) {
        if (towards(a, b, first, second) || towards(b, a, second, first)) return true;
        continue;
      }
      const forward = a.before.some((x) => b.after.includes(x) && !a.after.includes(x) && !b.before.includes(x));
      const backward = a.after.some((y) => b.before.includes(y) && !a.before.includes(y) && !b.after.includes(y));
      if (forward && backward) return true;
    }
  return false;
}

/**
 * The same thing on the same side of opposite directions: "make a struct from JSON" / "turn a struct
 * into JSON", "move money from my savings" / "to my savings". Neither question may have the other's
 * direction to that thing too ("from A to B" / "to B from A").
 */
function towards(from: Relation, to: Relation, fromAll: readonly Relation[], toAll: readonly Relation[]): boolean {
  if (from.word !== 'from' || to.word !== 'to') return false;
  const target = from.after.find((x) => to.after.includes(x));
  if (target === undefined) return false;
  // Both say where from and where to ("money from my US account to India" / "from India to my US
  // account"), or the same thing goes each way ("a struct from JSON" / "a struct into JSON").
  const journey = fromAll.some((r) => r.word === 'to') && toAll.some((r) => r.word === 'from');
  if (!journey && !from.before.some((x) => to.before.includes(x))) return false;
  return (
    !fromAll.some((r) => r.word === 'to' && r.after.includes(target)) &&
    !toAll.some((r) => r.word === 'from' && r.after.includes(target))
  );
}
