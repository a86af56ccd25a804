/** Opposite ends of a scale ("richest" / "poorest") and other extremes ("the longest" / "the fastest"). */
import { sameWordForm } from './word-forms.js';
import { CLAUSE_MARK } from './carriers.js';

/**
 * One question names one end of a scale and the other its opposite end, without the first.
 * @example
 * opposite(new Set(['0:0']), new Set(['0:1'])); // true: "richest" / "poorest"
 */
export function opposite(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const end of a) {
    const other = `${end.slice(0, -1)}${end.endsWith('0') ? '1' : '0'}`;
    if (b.has(other) && !a.has(other) && !b.has(end)) return true;
  }
  return false;
}

/**
 * "Which empire lasted the longest?" / "… collapsed the fastest?": each asks for another extreme.
 * @example
 * otherExtreme(['longest'], ['fastest']); // true
 */
export function otherExtreme(a: readonly string[], b: readonly string[]): boolean {
  return a.length > 0 && b.length > 0 && !a.some((x) => b.some((y) => x === y || sameWordForm(x, y)));
}

/**
 * The two sides of "than" traded and the scale turned round with them: "Is granite harder than marble?" /
 * "Is marble softer than granite?", "Is a firefighter's job more dangerous than a police officer's?" /
 * "Is a police officer's job less dangerous than a firefighter's?". Each turn alone changes the question
 * (`antonyms`, `relations`); both together ask the same.
 * @example
 * flippedComparison(facts('Is granite harder than marble?'), facts('Is marble softer than granite?')); // true
 */
export function flippedComparison(
  a: { readonly ends: ReadonlySet<string>; readonly carriers: readonly string[] },
  b: { readonly ends: ReadonlySet<string>; readonly carriers: readonly string[] },
): boolean {
  const first = sidesOfThan(a.carriers);
  const second = sidesOfThan(b.carriers);
  if (first === undefined || second === undefined || !opposite(a.ends, b.ends)) return false;
  const [before, after] = first;
  const [otherBefore, otherAfter] = second;
  const forward = before.some((stem) => otherAfter.includes(stem) && !after.includes(stem));
  const backward = after.some((stem) => otherBefore.includes(stem) && !otherAfter.includes(stem));
  return forward && backward;
}

const THAN = '~than';

/** The words of the clause before "than" and after it, when a question holds one "than". */
function sidesOfThan(carriers: readonly string[]): [string[], string[]] | undefined {
  const at = carriers.indexOf(THAN);
  if (at === -1 || carriers.indexOf(THAN, at + 1) !== -1) return undefined;
  const start = carriers.lastIndexOf(CLAUSE_MARK, at) + 1;
  const next = carriers.indexOf(CLAUSE_MARK, at);
  const end = next === -1 ? carriers.length : next;
  const words = (from: number, to: number) => carriers.slice(from, to).filter((stem) => !stem.startsWith('~'));
  return [words(start, at), words(at + 1, end)];
}
