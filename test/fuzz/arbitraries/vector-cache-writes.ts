/**
 * Valid writes with hard values (unicode answers with lone surrogates and direction marks, token counts
 * at their bounds, ids at the top of their range) and the check that a qa reads each back exactly.
 */
import fc from 'fast-check';
import { pointFor } from '../../apps/vector-cache/store-contents.js';
import type { Answer } from '../http-call.js';
import { longString, unicodeString } from './adversarial-json.js';

export interface AcceptedWrite {
  readonly entry: {
    readonly ext_id: number;
    readonly vector: readonly number[];
    readonly answer: string;
    readonly prompt_tokens?: number;
    readonly answer_tokens?: number;
  };
}

/** Ids a few dozen wide, so the entries these writes leave stay few; each id has a direction of its own. */
const id = fc.oneof(fc.integer({ min: 1000, max: 1063 }), fc.constantFrom(Number.MAX_SAFE_INTEGER, 4_278_190_080, 0));
const count = fc.option(fc.oneof(fc.constantFrom(0, 1e9), fc.nat({ max: 1e9 })), { nil: undefined });

export const acceptedWrite: fc.Arbitrary<AcceptedWrite> = fc
  .record({
    id,
    answer: fc.oneof(
      { arbitrary: unicodeString, weight: 8 },
      { arbitrary: longString.filter((text) => text.length < 100_000), weight: 1 },
    ),
    prompt: count,
    completion: count,
  })
  .map(({ id: extId, answer, prompt, completion }) => ({
    entry: {
      ext_id: extId,
      vector: pointFor(extId),
      answer: JSON.parse(answer) as string,
      ...(prompt === undefined ? {} : { prompt_tokens: prompt }),
      ...(completion === undefined ? {} : { answer_tokens: completion }),
    },
  }));

/** What is wrong with the upsert's answer and the qa after it; empty when the qa returned the entry exactly. */
export function readsBack(write: AcceptedWrite, written: Answer, qa: Answer): string[] {
  if (written.status !== 200) return [`the upsert answered ${written.status}: ${written.text.slice(0, 300)}`];
  if (qa.status !== 200) return [`the qa answered ${qa.status}: ${qa.text.slice(0, 300)}`];
  const hit = JSON.parse(qa.text) as { hit: boolean; id: number | null; answer: string | null };
  const problems: string[] = [];
  if (!hit.hit || hit.id !== write.entry.ext_id) problems.push(`the qa found ${String(hit.id)}, not ${write.entry.ext_id}`);
  else if (hit.answer !== write.entry.answer) {
    problems.push(
      `the answer came back as ${JSON.stringify(hit.answer)?.slice(0, 200)}, not ${JSON.stringify(write.entry.answer).slice(0, 200)}`,
    );
  }
  return problems;
}
