/**
 * What is read from stored questions, remembered: the entries that answer most hits are read again at
 * every hit (their facts, their lexical vector), and reading costs about as much as the comparison it
 * serves. Bounded, the oldest read forgotten first; long questions are read each time, not kept.
 */

/** Enough for the entries that answer most hits. */
const REMEMBERED = 4096;
/** Longer questions are read each time, so the memo stays within about 4096 × (a reading + 2 × 2,000 bytes). */
const REMEMBERED_LENGTH = 2000;

export class QuestionMemo<T> {
  readonly #read = new Map<string, T>();

  constructor(
    private readonly reader: (question: string) => T,
    private readonly size: number = REMEMBERED,
  ) {}

  /**
   * @example
   * const lengths = new QuestionMemo((question) => question.length);
   * lengths.of('How do I reset my router?'); // 25, read once
   */
  of(question: string): T {
    if (question.length > REMEMBERED_LENGTH) return this.reader(question);
    let value = this.#read.get(question);
    if (value === undefined) {
      value = this.reader(question);
      if (this.#read.size >= this.size) this.#read.delete(this.#read.keys().next().value!);
      this.#read.set(question, value);
    }
    return value;
  }
}
