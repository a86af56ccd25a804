/**
 * How often a question says a thing happens: "Is it bad to take ibuprofen once in a while?" / "… every
 * day?", "Is badminton always played indoors?" / "… usually …". Every other word is shared, so both
 * embedders score such pairs as one question, while the answer turns on the frequency.
 */

/** One-word frequencies, each to the frequency it says. */
// prettier-ignore
const SAID_ONCE: ReadonlyMap<string, string> = new Map([
  ['always', 'always'], ['usually', 'usually'], ['normally', 'usually'], ['typically', 'usually'], ['mostly', 'usually'],
  ['often', 'often'], ['frequently', 'often'], ['regularly', 'often'], ['sometimes', 'sometimes'],
  ['occasionally', 'sometimes'], ['rarely', 'rarely'], ['seldom', 'rarely'], ['daily', 'daily'], ['everyday', 'daily'],
  ['nightly', 'daily'], ['weekly', 'weekly'], ['monthly', 'monthly'], ['yearly', 'yearly'], ['annually', 'yearly'],
]);

/** Frequencies of more than one word, each as its tokens. */
const PHRASES: readonly (readonly [readonly string[], string])[] = [
  [['once', 'in', 'a', 'while'], 'sometimes'],
  [['now', 'and', 'then'], 'sometimes'],
  [['every', 'so', 'often'], 'sometimes'],
  [['from', 'time', 'to', 'time'], 'sometimes'],
  [['hardly', 'ever'], 'rarely'],
  [['every', 'day'], 'daily'],
  [['each', 'day'], 'daily'],
  [['every', 'night'], 'daily'],
  [['every', 'week'], 'weekly'],
  [['once', 'a', 'week'], 'weekly'],
  [['every', 'month'], 'monthly'],
  [['once', 'a', 'month'], 'monthly'],
  [['every', 'year'], 'yearly'],
  [['once', 'a', 'year'], 'yearly'],
];

/**
 * The frequencies a question says, sorted.
 * @example
 * frequencies(['is', 'it', 'bad', 'to', 'take', 'ibuprofen', 'once', 'in', 'a', 'while']); // ['sometimes']
 */
export function frequencies(tokens: readonly string[]): string[] {
  const found = new Set<string>();
  for (let i = 0; i < tokens.length; i += 1) {
    const phrase = PHRASES.find(([words]) => words.every((word, k) => tokens[i + k] === word));
    if (phrase !== undefined) {
      found.add(phrase[1]);
      i += phrase[0].length - 1;
      continue;
    }
    const once = SAID_ONCE.get(tokens[i]!);
    if (once !== undefined) found.add(once);
  }
  return [...found].sort();
}

/**
 * Both questions say how often, and not the same: one that says it and one that does not is left to the
 * other rules (`extra` with a neural embedder), since "How do I descale my kettle?" is often asked as "How
 * often …" in passing.
 */
export function otherFrequency(a: readonly string[], b: readonly string[]): boolean {
  const first = frequencies(a);
  if (first.length === 0) return false;
  const second = frequencies(b);
  return second.length > 0 && (first.length !== second.length || first.some((f, i) => f !== second[i]));
}
