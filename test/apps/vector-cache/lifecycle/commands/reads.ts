/** Qa and search with any vector of the pool: the answers the model computes exactly (the pool is small). */
import assert from 'node:assert/strict';
import { LifecycleCommand, type LifecycleContext } from '../lifecycle-command.js';
import type { LiveService } from '../live-service.js';
import { describeReply, type LifecycleModel } from '../model.js';
import { idName, vectorFor } from '../points.js';
import { expectStatus } from '../replies.js';

/** float32 vectors in the index: similarities agree with the model's doubles to about this. */
const CLOSE = 1e-4;

export const THRESHOLDS = [0.999, 0.9, 0.5, 0] as const;

export class Qa extends LifecycleCommand {
  readonly kind = 'qa';

  constructor(
    context: LifecycleContext,
    readonly id: number,
    readonly version: number,
    readonly threshold: number,
  ) {
    super(context);
  }

  protected async act(model: LifecycleModel, live: LiveService): Promise<void> {
    const reply = await live.post('/v1/qa', { query: vectorFor(this.id, this.version), sim_threshold: this.threshold });
    expectStatus(reply, 200, 'the answer');
    const got = reply.body as { hit: boolean; id: number | null; similarity: number | null; answer: string | null };
    const [best] = model.nearest(vectorFor(this.id, this.version));
    const what = `answered ${describeReply(got)}`;
    if (best === undefined || best.similarity < this.threshold - CLOSE) {
      const miss = { hit: false, id: null, distance: null, similarity: null, answer: null };
      assert.ok(JSON.stringify(got) === JSON.stringify(miss), `${what}, expected a miss`);
      return;
    }
    if (!got.hit) {
      assert.ok(best.similarity < this.threshold + CLOSE, `${what}, expected ${idName(best.id)} at ${best.similarity}`);
      return;
    }
    const entry = model.entries.get(got.id!);
    assert.ok(entry !== undefined, `${what}: an id the model does not hold`);
    assert.ok(Math.abs(got.similarity! - best.similarity) < CLOSE, `${what}, expected ${idName(best.id)} at ${best.similarity}`);
    assert.equal(got.answer, entry.answer, what);
  }

  toString(): string {
    return `qa(${idName(this.id)} v${this.version} ≥${this.threshold})`;
  }
}

export class Search extends LifecycleCommand {
  readonly kind = 'search';

  constructor(
    context: LifecycleContext,
    readonly id: number,
    readonly version: number,
    readonly k: number,
  ) {
    super(context);
  }

  protected async act(model: LifecycleModel, live: LiveService): Promise<void> {
    const query = vectorFor(this.id, this.version);
    const reply = await live.post('/v1/search', { query, k: this.k });
    expectStatus(reply, 200, 'the answer');
    const hits = (reply.body as { hits: { id: number; distance: number }[] }).hits;
    const expected = model.nearest(query).slice(0, this.k);
    const what = `answered ${JSON.stringify(hits)}, expected ${JSON.stringify(expected)}`;
    assert.equal(hits.length, expected.length, what);
    hits.forEach((hit, i) => {
      // The i-th nearest, up to ties: its distance is the i-th expected one, and the model agrees it is its own.
      assert.ok(Math.abs(1 - hit.distance - expected[i]!.similarity) < CLOSE, what);
      const own = model.nearest(query).find((candidate) => candidate.id === hit.id);
      assert.ok(own !== undefined && Math.abs(1 - hit.distance - own.similarity) < CLOSE, what);
    });
    assert.equal(new Set(hits.map((hit) => hit.id)).size, hits.length, `${what}: an id twice`);
  }

  toString(): string {
    return `search(${idName(this.id)} v${this.version} k=${this.k})`;
  }
}
