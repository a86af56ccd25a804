/**
 * Idioms whose negation words negate nothing: "from nothing", "in no time", "without breaking the
 * bank" (cheaply), "it wouldn't hurt to" (it would help to), "I can't recommend it enough", "couldn't
 * be happier", "won't let me down" (reliable), "can't stop coughing" (keep coughing). Read on the
 * tokens, where "won't" is "will not".
 */

/**
 * Each idiom as tokens: `[word]` is a negation word the idiom holds, `a|b` either word, `*` up to
 * three tokens of any kind.
 */
// prettier-ignore
const IDIOMS: readonly string[] = [
  'from [nothing]', '[no] matter', '[no] longer', '[no] doubt', '[nothing] but', '[not] only', '[not] help',
  'in [no] time', '[no] wonder', '[no] problem', '[no] big deal', '[never] mind', '[nothing] like',
  '[nothing] short of', '[nothing] to lose', '[not] the end of the world', '[not] rocket science',
  '[without] a doubt', '[not] a big deal', '[no] 2 ways', '[without] breaking|break the bank',
  '[not] break|breaking the bank', '[not] hurt', '[not] recommend * enough', '[not] praise * enough',
  '[not] thank * enough', '[not] be happier|better|more', '[not] agree more', '[not] care less',
  '[not] for the life of', '[not] made of money', '[not] let * down', '[not] take [no] for an answer',
  '[not] stop', '[never] have too much|many', '[not] wait to', '[not] get enough',
];

interface Idiom {
  readonly parts: readonly (ReadonlySet<string> | 'gap')[];
  /** Where its negation words stand among `parts`. */
  readonly negations: readonly number[];
}

const PARSED: readonly Idiom[] = IDIOMS.map((idiom) => {
  const negations: number[] = [];
  const parts = idiom.split(' ').map((part, i) => {
    if (part === '*') return 'gap' as const;
    if (part.startsWith('[')) negations.push(i);
    return new Set(part.replace(/[[\]]/g, '').split('|'));
  });
  return { parts, negations };
});

/** The idioms by each negation word they hold, so a token is checked only against its own. */
const BY_WORD: ReadonlyMap<string, readonly (readonly [Idiom, number])[]> = (() => {
  const byWord = new Map<string, (readonly [Idiom, number])[]>();
  for (const idiom of PARSED)
    for (const at of idiom.negations)
      for (const word of idiom.parts[at] as ReadonlySet<string>) byWord.set(word, [...(byWord.get(word) ?? []), [idiom, at]]);
  return byWord;
})();

const MAX_GAP = 3;

/**
 * Whether the negation word at `at` belongs to an idiom that negates nothing.
 * @example
 * inNegationIdiom(['in', 'no', 'time'], 1);                          // true
 * inNegationIdiom(['can', 'not', 'recommend', 'it', 'enough'], 1);   // true
 * inNegationIdiom(['i', 'have', 'no', 'time'], 2);                   // false
 */
export function inNegationIdiom(tokens: readonly string[], at: number): boolean {
  for (const [idiom, position] of BY_WORD.get(tokens[at]!) ?? []) {
    // Gaps come only after an idiom's first negation, so its start is fixed.
    const start = at - position;
    if (start >= 0 && matches(idiom.parts, 0, tokens, start)) return true;
  }
  return false;
}

/** Bounded: a gap tries at most four lengths and an idiom holds at most one gap. */
function matches(parts: Idiom['parts'], part: number, tokens: readonly string[], at: number): boolean {
  if (part === parts.length) return true;
  const expected = parts[part]!;
  if (expected === 'gap') {
    for (let skip = 0; skip <= MAX_GAP && at + skip <= tokens.length; skip += 1)
      if (matches(parts, part + 1, tokens, at + skip)) return true;
    return false;
  }
  return at < tokens.length && expected.has(tokens[at]!) && matches(parts, part + 1, tokens, at + 1);
}
