/** The answer record the store keeps with each vector, and the check of one read from a file. */
/** What the store keeps with each vector (the `answers.json` entry of an id). Times are Unix ms. */
export interface AnswerRecord {
  readonly answer: string;
  readonly created_at: number;
  readonly updated_at: number;
  readonly prompt_tokens?: number;
  readonly answer_tokens?: number;
}

/**
 * What is wrong with a payload read from a file as an answer record, or undefined. Only what the service relies
 * on is checked: the answer a hit returns, and token counts, which are added to a counter that cannot go down.
 * @example
 * answerRecordProblem({ answer: 5 }); // 'has an answer that is not a string'
 */
export function answerRecordProblem(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return 'is not an answer record (an object)';
  const record = payload as Record<string, unknown>;
  if (typeof record['answer'] !== 'string') return 'has an answer that is not a string';
  for (const key of ['created_at', 'updated_at'] as const) {
    if (record[key] !== undefined && !Number.isFinite(record[key])) return `has a ${key} that is not a number`;
  }
  for (const key of ['prompt_tokens', 'answer_tokens'] as const) {
    const value = record[key];
    if (value !== undefined && (!Number.isSafeInteger(value) || (value as number) < 0)) {
      return `has a ${key} that is not a count (an integer from 0)`;
    }
  }
  return undefined;
}
