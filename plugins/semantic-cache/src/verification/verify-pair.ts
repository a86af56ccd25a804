/**
 * The hit verification: a candidate from the vector store is served only when its question and the
 * new one agree on the details a lexical or semantic similarity glosses over. Each rule compares one
 * kind of fact (see {@link questionFacts}) and fails the pair when the two differ:
 *
 * - `numbers`: the numbers, in order ("2 + 3" / "2 + 4", "in 2023" / "in 2024"). Number words count
 *   as their digits, so "3 apples" and "three apples" agree; "1st" and "first" too.
 * - `operators`: the arithmetic ("2 + 3" / "2 * 3", "7 times 8" / "7 plus 8").
 * - `negation`: how many negation words each has ("can I" / "can't I", "should" / "should not",
 *   "with" / "without"): a count, not a parity, since "not ... never" is no double negative in a question.
 * - `dates`: month and weekday names, today/tomorrow/yesterday, "this/last/next month" ...
 * - `question`: the question word, when both ask a specific one (who, when, where, why, how, how
 *   much/many/long): "when does it open?" and "where does it open?" want different answers. "what"
 *   and "which" are general and never fail a pair.
 *
 * Deterministic, no I/O, a few microseconds per pair. A rule may refuse a true paraphrase ("World War
 * II" / "World War 2"): that costs a cache miss, while a wrong hit costs a wrong answer.
 */
import { questionFacts, type QuestionFacts } from './question-facts.js';

export type VerificationReason = 'numbers' | 'operators' | 'negation' | 'dates' | 'question';

export type Verification = { readonly ok: true } | { readonly ok: false; readonly reason: VerificationReason };

const RULES: readonly [VerificationReason, (a: QuestionFacts, b: QuestionFacts) => boolean][] = [
  ['numbers', (a, b) => sameList(a.numbers, b.numbers)],
  ['operators', (a, b) => sameList(a.operators, b.operators)],
  ['negation', (a, b) => a.negations === b.negations],
  ['dates', (a, b) => sameList(a.dates, b.dates)],
  ['question', (a, b) => a.asks === undefined || b.asks === undefined || a.asks === b.asks],
];

const PASS: Verification = Object.freeze({ ok: true });

/**
 * @example
 * verifyPair('What is 2 + 3?', "What's 2 + 3?");             // { ok: true }
 * verifyPair('What is 2 + 3?', 'What is 2 + 4?');             // { ok: false, reason: 'numbers' }
 * verifyPair('Can I freeze rice?', "Can't I freeze rice?");   // { ok: false, reason: 'negation' }
 */
export function verifyPair(cachedQuestion: string, newQuestion: string): Verification {
  const cached = questionFacts(cachedQuestion);
  const fresh = questionFacts(newQuestion);
  for (const [reason, agree] of RULES) if (!agree(cached, fresh)) return { ok: false, reason };
  return PASS;
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
