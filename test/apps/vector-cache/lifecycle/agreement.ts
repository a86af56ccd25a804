/**
 * The check after every step: the service answers exactly as the model says. Search sees exactly the model's
 * ids, a qa on each entry's exact vector finds it with its answer, a qa on every vector an absent id (deleted,
 * refused, replaced by a load) was ever sent with does not find that id, the gauges count the model's entries,
 * and readiness says whether writes are taken.
 */
import assert from 'node:assert/strict';
import type { LiveService } from './live-service.js';
import { describeContents, describeReply, type LifecycleModel } from './model.js';
import { EXACT, IDS, idName, vectorFor } from './points.js';

interface QaReply {
  hit: boolean;
  id: number | null;
  similarity: number | null;
  answer: string | null;
}

/** Every id the index holds, whatever the query: k is above the pool's size. */
const ALL = 64;

export async function assertAgrees(model: LifecycleModel, live: LiveService): Promise<void> {
  live.assertAlive();
  const where = () => `model ${describeContents(model.entries)}${model.failed ? ' (log failed)' : ''}`;

  const ready = await live.get('/readyz');
  assert.equal(ready.status, model.failed ? 503 : 200, `/readyz answered ${ready.status} ${ready.text}; ${where()}`);

  const search = await live.post('/v1/search', { query: vectorFor(IDS[0], 0), k: ALL });
  assert.equal(search.status, 200, `search: ${search.text}`);
  const found = (search.body as { hits: { id: number }[] }).hits.map((hit) => hit.id).sort((a, b) => a - b);
  const expected = [...model.entries.keys()].sort((a, b) => a - b);
  assert.deepEqual(found.map(idName), expected.map(idName), `search sees other ids than the model; ${where()}`);

  for (const [id, entry] of model.entries) {
    const qa = await exactQa(live, vectorFor(id, entry.version));
    assert.ok(
      qa.hit && qa.id === id && qa.answer === entry.answer,
      `qa on the vector of ${idName(id)} v${entry.version} answered ${describeReply(qa)}; ${where()}`,
    );
  }
  for (const [id, versions] of model.traces) {
    if (model.entries.has(id)) continue;
    for (const version of versions) {
      const qa = await exactQa(live, vectorFor(id, version));
      assert.ok(
        qa.id !== id,
        `qa finds ${idName(id)} (v${version}), which the model does not hold: ${describeReply(qa)}; ${where()}`,
      );
    }
  }

  const metrics = (await live.get('/metrics')).text;
  for (const gauge of ['svc_active_ids', 'svc_answers_cached']) {
    assert.equal(gaugeValue(metrics, gauge), model.entries.size, `${gauge}; ${where()}`);
  }
}

async function exactQa(live: LiveService, query: number[]): Promise<QaReply> {
  const reply = await live.post('/v1/qa', { query, k: 1, sim_threshold: EXACT });
  assert.equal(reply.status, 200, `qa: ${reply.text}`);
  return reply.body as QaReply;
}

/** The value of an unlabelled gauge in a Prometheus exposition; undefined when it is not there. */
export function gaugeValue(exposition: string, name: string): number | undefined {
  const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(exposition);
  return match === null ? undefined : Number(match[1]);
}
