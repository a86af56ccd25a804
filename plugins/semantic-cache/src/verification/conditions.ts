/**
 * A condition and what follows from it, traded: "If my soil is acidic, should I add lime?" / "If I add
 * lime, will my soil be acidic?", "if I quit, do I lose my bonus" / "if I lose my bonus, should I quit".
 * The words are the same and a neural embedder scores the two as one question; one asks what to do about
 * a state, the other what a deed leads to.
 */
import { contentWords } from './question-words.js';

export interface Condition {
  /** The content stems of the "if" clause. */
  readonly condition: readonly string[];
  /** The content stems of the rest of the question. */
  readonly main: readonly string[];
}

/**
 * The "if" clause of a question split at its commas, or undefined when it has none, or when an opening
 * "if" clause runs on with no comma to end it ("If I add lime will my soil be acidic").
 * @example
 * conditionOf([['if', 'my', 'soil', 'is', 'acidic'], ['should', 'i', 'add', 'lime']]);
 * // { condition: ['soil', 'acid'], main: ['add', 'lime'] }
 */
export function conditionOf(clauses: readonly (readonly string[])[]): Condition | undefined {
  const at = clauses.findIndex((clause) => clause.includes('if'));
  if (at === -1) return undefined;
  const clause = clauses[at]!;
  const ifAt = clause.indexOf('if');
  if (ifAt === 0 && clauses.length === 1) return undefined;
  const stems = (tokens: readonly string[]) => contentWords(tokens).map((word) => word.stem);
  const rest = clauses.flatMap((other, k) => (k === at ? clause.slice(0, ifAt) : other));
  return { condition: stems(clause.slice(ifAt + 1)), main: stems(rest) };
}

/**
 * What each question's condition says that the other's does not is said in the other's main clause
 * ("ball" may stand in both conditions: "If I hit a provisional ball, have I lost my original ball?" / "If
 * I've lost my original ball, can I hit a provisional ball?").
 * @example
 * // "If my soil is acidic, should I add lime?" / "If I add lime, will my soil be acidic?"
 * tradedCondition(conditionOf(first), conditionOf(second)); // true
 */
export function tradedCondition(a: Condition | undefined, b: Condition | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const onlyA = a.condition.filter((stem) => !b.condition.includes(stem));
  const onlyB = b.condition.filter((stem) => !a.condition.includes(stem));
  if (onlyA.length === 0 || onlyB.length === 0) return false;
  return mostlyIn(onlyA, b.main) && mostlyIn(onlyB, a.main);
}

/** At least half of `stems` are among `others`. */
function mostlyIn(stems: readonly string[], others: readonly string[]): boolean {
  return 2 * stems.filter((stem) => others.includes(stem)).length >= stems.length;
}
