/**
 * Who a question is about, for the `people` rule. The asker or the one asked against nobody named read
 * alike ("How to X" / "How do I X" / "your lungs" / "the lungs"); the asker against the one asked does not
 * ("my name" / "your name"), unless "you" is asked in general ("the way to change your name" / "change my
 * name"); nor anyone else against nobody ("myself" / "someone").
 */
import type { QuestionFacts } from './question-facts.js';

/** The asker and the one asked, as `people` (question-words.ts) names them. */
const GENERIC: readonly string[] = ['speaker', 'addressee'];

/**
 * @example
 * samePeople(questionFacts('How do I reset my router?'), questionFacts('How do you reset your router?')); // true
 * samePeople(questionFacts("What's your name?"), questionFacts("What's my name?"));                      // false
 */
export function samePeople(a: QuestionFacts, b: QuestionFacts): boolean {
  for (const person of a.people) if (!GENERIC.includes(person) && !b.people.has(person)) return false;
  for (const person of b.people) if (!GENERIC.includes(person) && !a.people.has(person)) return false;
  const genericA = GENERIC.filter((p) => a.people.has(p));
  const genericB = GENERIC.filter((p) => b.people.has(p));
  return (
    genericA.length === 0 ||
    genericB.length === 0 ||
    (genericA.length === genericB.length && genericA.every((p, i) => p === genericB[i])) ||
    askerAsYou(a, b)
  );
}

/**
 * One asks of the asker alone ("change my name by deed poll"), the other of "you" alone, asked in general
 * ("the way to change your name"); not of the one asked ("What's your name?", "Are you a robot?").
 */
function askerAsYou(a: QuestionFacts, b: QuestionFacts): boolean {
  const only = (facts: QuestionFacts, person: string) =>
    facts.people.has(person) && GENERIC.every((p) => p === person || !facts.people.has(p));
  const general = (facts: QuestionFacts) => !facts.tokens.some((token, i) => YOU.has(token) && BE.has(facts.tokens[i - 1] ?? ''));
  return (only(a, 'speaker') && only(b, 'addressee') && general(b)) || (only(b, 'speaker') && only(a, 'addressee') && general(a));
}

const YOU: ReadonlySet<string> = new Set(['you', 'your', 'yours']);
const BE: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'am']);
