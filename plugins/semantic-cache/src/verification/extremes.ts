/** Opposite ends of a scale ("richest" / "poorest") and other extremes ("the longest" / "the fastest"). */
import { sameWordForm } from './word-forms.js';

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
