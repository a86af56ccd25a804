/**
 * The facts of stored questions, remembered: a stored question is verified again at every hit it answers,
 * and reading its facts costs about as much as comparing them. Bounded, the oldest read forgotten first.
 */
import { questionFacts, type QuestionFacts } from './question-facts.js';

/** Enough for the entries that answer most hits; a question's facts take about 2 KB. */
const REMEMBERED = 4096;
/** Longer questions are read each time, so the memo stays within about 4096 × (2 KB + 2 × 2,000 bytes). */
const REMEMBERED_LENGTH = 2000;

export class FactsMemo {
  readonly #facts = new Map<string, QuestionFacts>();

  constructor(private readonly size: number = REMEMBERED) {}

  /**
   * @example
   * const memo = new FactsMemo();
   * memo.of('How do I reset my router?') === memo.of('How do I reset my router?'); // true
   */
  of(question: string): QuestionFacts {
    if (question.length > REMEMBERED_LENGTH) return questionFacts(question);
    let facts = this.#facts.get(question);
    if (facts === undefined) {
      facts = questionFacts(question);
      if (this.#facts.size >= this.size) this.#facts.delete(this.#facts.keys().next().value!);
      this.#facts.set(question, facts);
    }
    return facts;
  }
}
