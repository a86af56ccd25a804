/** `/v1/answers/save`: the export holds exactly the model's answers; the cache itself does not change. */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LifecycleCommand } from '../lifecycle-command.js';
import type { LiveService } from '../live-service.js';
import { describeReply, type LifecycleModel } from '../model.js';
import { expectStatus } from '../replies.js';

export const ANSWERS_EXPORT = 'exports/answers.json';

export class AnswersSave extends LifecycleCommand {
  readonly kind = 'answers save';

  protected async act(model: LifecycleModel, live: LiveService): Promise<void> {
    const reply = await live.post('/v1/answers/save', { path: ANSWERS_EXPORT });
    // After the log failed, exports are refused until a restart, as saves are.
    if (model.failed) return expectStatus(reply, 503, 'after the log failed');
    expectStatus(reply, 200, 'the answer');
    await assertExportHolds(live, model);
  }

  toString(): string {
    return 'answersSave';
  }
}

/** The answers export holds exactly the model's ids and answers. */
export async function assertExportHolds(live: LiveService, model: LifecycleModel): Promise<void> {
  const file = JSON.parse(await readFile(path.join(live.dataDir, ANSWERS_EXPORT), 'utf8')) as {
    answers: Record<string, { answer: string }>;
  };
  const exported = Object.entries(file.answers)
    .map(([id, record]) => [Number(id), record.answer] as const)
    .sort(([a], [b]) => a - b);
  const expected = [...model.entries].map(([id, entry]) => [id, entry.answer] as const).sort(([a], [b]) => a - b);
  assert.ok(
    JSON.stringify(exported) === JSON.stringify(expected),
    `${ANSWERS_EXPORT} holds ${describeReply(exported)}, expected ${describeReply(expected)}`,
  );
}
