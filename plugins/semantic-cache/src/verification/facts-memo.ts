/**
 * The facts of stored questions, remembered: a stored question is verified again at every hit it answers
 * (question-memo.ts); its facts take about 2 KB.
 */
import { QuestionMemo } from '../question-memo.js';
import { questionFacts, type QuestionFacts } from './question-facts.js';

export class FactsMemo extends QuestionMemo<QuestionFacts> {
  /**
   * @example
   * const memo = new FactsMemo();
   * memo.of('How do I reset my router?') === memo.of('How do I reset my router?'); // true
   */
  constructor(size?: number) {
    super(questionFacts, size);
  }
}
