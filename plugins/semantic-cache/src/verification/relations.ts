/**
 * Relations and their direction: the content words on each side of a directed word ("from A to B",
 * "convert X into Y", "does A cause B"). Two questions with the same words on opposite sides of the
 * same relation ask opposite things.
 */
import { stemOf } from './stems.js';
import { calendarWord } from './calendar-words.js';
import { isCarrier } from './question-words.js';
import { NOT_PLURAL, RELATIONS } from './word-lists.js';

export interface Relation {
  readonly word: string;
  readonly before: readonly string[];
  readonly after: readonly string[];
}

/** Content stems looked at on each side of a relation word. */
const WINDOW = 3;

/** Short words compare as written: "HTTP" to "HTTPS" is no plural. */
function orderStem(token: string): string {
  return NOT_PLURAL.has(token) ? token : stemOf(token);
}

export function relations(tokens: readonly string[]): Relation[] {
  const found: Relation[] = [];
  tokens.forEach((token, i) => {
    if (!RELATIONS.has(token)) return;
    found.push({ word: token, before: side(tokens, i, -1), after: side(tokens, i, 1) });
  });
  return found;
}

function side(tokens: readonly string[], at: number, step: 1 | -1): string[] {
  const stems: string[] = [];
  for (let i = at + step; i >= 0 && i < tokens.length && stems.length < WINDOW; i += step) {
    const token = tokens[i]!;
    if (RELATIONS.has(token)) break;
    if (isCarrier(token)) stems.push(orderStem(token));
  }
  return stems;
}

/**
 * @example
 * const a = relations(lexicalTokens('flight from New York to London'));
 * const b = relations(lexicalTokens('flight from London to New York'));
 * reversed(a, b); // true
 */
export function reversed(first: readonly Relation[], second: readonly Relation[]): boolean {
  for (const a of first)
    for (const b of second) {
      if (a.word !== b.word) continue;
      const forward = a.before.some((x) => b.after.includes(x) && !a.after.includes(x) && !b.before.includes(x));
      const backward = a.after.some((y) => b.before.includes(y) && !a.before.includes(y) && !b.after.includes(y));
      if (forward && backward) return true;
    }
  return false;
}

/** The stems that carry a question, in reading order, numbers included: what {@link swapped} compares. */
export function carriers(tokens: readonly string[]): string[] {
  const stems: string[] = [];
  tokens.forEach((token, i) => {
    // A preposition stays as a mark between the things it links: "butter for oil" / "oil for butter".
    if (LINKS.has(token)) stems.push(`~${token}`);
    // A date reads either way round: "July 4th" / "the fourth of July".
    else if (isCarrier(token) && calendarWord(token, tokens[i - 1]) === undefined) stems.push(orderStem(token));
  });
  return stems;
}

// prettier-ignore
const LINKS: ReadonlySet<string> = new Set([
  'for', 'in', 'into', 'to', 'from', 'of', 'on', 'with', 'by', 'than', 'over', 'at', 'through',
]);

/**
 * Two things trade places, the words between them unchanged: "can a state law override federal law?" /
 * "can federal law override state law?", "substitute butter for oil" / "oil for butter". Only the
 * words both questions have are compared, so an extra word does not hide a swap. A swap of neighbours
 * counts only between named things or numbers ("from Canada through the US" / "from the US through
 * Canada"): elsewhere it is a reordering ("budget smartphone" / "smartphone on a budget").
 * @example
 * swapped(['dog', 'give', 'human', 'flu'], ['human', 'give', 'dog', 'flu'], new Set()); // true
 */
export function swapped(first: readonly string[], second: readonly string[], named: ReadonlySet<string>): boolean {
  const a = first.filter((stem) => second.includes(stem));
  const b = second.filter((stem) => first.includes(stem));
  if (a.length !== b.length || a.length < 2) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  if (i === a.length) return false;
  let j = a.length - 1;
  while (a[j] === b[j]) j -= 1;
  if (a[i] !== b[j] || a[j] !== b[i]) return false;
  for (let k = i + 1; k < j; k += 1) if (a[k] !== b[k]) return false;
  return j - i >= 2 || (isNameOrNumber(a[i]!, named) && isNameOrNumber(a[j]!, named));
}

function isNameOrNumber(stem: string, named: ReadonlySet<string>): boolean {
  return named.has(stem) || /\d/.test(stem);
}
