/** Insert, upsert and delete: acknowledged writes enter the model, refused ones leave it as it was. */
import assert from 'node:assert/strict';
import { LifecycleCommand, type LifecycleContext } from '../lifecycle-command.js';
import type { LiveService } from '../live-service.js';
import type { LifecycleModel } from '../model.js';
import { idName, vectorFor } from '../points.js';
import { expectOneOf, expectStatus } from '../replies.js';

/** The answer of a write: says which write it was, so a stale or foreign answer is recognisable. */
export function answerFor(id: number, version: number, tag: number): string {
  return `${idName(id)} v${version} #${tag}`;
}

/**
 * One insert or upsert: 503 once the log has failed, 409 for an insert of an active id, else acknowledged
 * and entered in the model.
 */
async function writeEntry(
  model: LifecycleModel,
  live: LiveService,
  route: 'insert' | 'upsert',
  write: { readonly id: number; readonly version: number; readonly tag: number },
): Promise<void> {
  const answer = answerFor(write.id, write.version, write.tag);
  model.trace(write.id, write.version);
  const reply = await live.post(`/v1/${route}`, { ext_id: write.id, vector: vectorFor(write.id, write.version), answer });
  if (model.failed) return expectStatus(reply, 503, 'after the log failed');
  if (route === 'insert' && model.entries.has(write.id)) return expectStatus(reply, 409, 'an active id');
  expectStatus(reply, 200, 'the answer');
  model.entries.set(write.id, { version: write.version, answer });
}

export class Insert extends LifecycleCommand {
  readonly kind = 'insert';

  constructor(
    context: LifecycleContext,
    readonly id: number,
    readonly version: number,
    readonly tag: number,
  ) {
    super(context);
  }

  protected async act(model: LifecycleModel, live: LiveService): Promise<void> {
    await writeEntry(model, live, 'insert', this);
  }

  toString(): string {
    return `insert(${idName(this.id)} v${this.version} #${this.tag})`;
  }
}

export class Upsert extends LifecycleCommand {
  readonly kind = 'upsert';

  constructor(
    context: LifecycleContext,
    readonly id: number,
    readonly version: number,
    readonly tag: number,
  ) {
    super(context);
  }

  protected async act(model: LifecycleModel, live: LiveService): Promise<void> {
    await writeEntry(model, live, 'upsert', this);
  }

  toString(): string {
    return `upsert(${idName(this.id)} v${this.version} #${this.tag})`;
  }
}

export class Delete extends LifecycleCommand {
  readonly kind = 'delete';

  constructor(
    context: LifecycleContext,
    readonly id: number,
  ) {
    super(context);
  }

  protected async act(model: LifecycleModel, live: LiveService): Promise<void> {
    const reply = await live.post('/v1/delete', { ext_id: this.id });
    if (model.failed) return expectStatus(reply, 503, 'after the log failed');
    expectStatus(reply, 200, 'the answer');
    assert.deepEqual(reply.body, { deleted: model.entries.has(this.id), ok: true }, 'the answer');
    model.entries.delete(this.id);
  }

  toString(): string {
    return `delete(${idName(this.id)})`;
  }
}

export const FLAWS = ['zero vector', 'short vector', 'unknown field', 'negative tokens'] as const;
export type Flaw = (typeof FLAWS)[number];

/** A malformed write: refused, it must leave no trace. */
export class RefusedWrite extends LifecycleCommand {
  readonly kind = 'refused write';

  constructor(
    context: LifecycleContext,
    readonly route: 'insert' | 'upsert',
    readonly id: number,
    readonly version: number,
    readonly flaw: Flaw,
  ) {
    super(context);
  }

  protected async act(model: LifecycleModel, live: LiveService): Promise<void> {
    const vector = vectorFor(this.id, this.version);
    const body: Record<string, unknown> = { ext_id: this.id, vector, answer: `refused ${idName(this.id)}` };
    if (this.flaw === 'zero vector') body['vector'] = vector.map(() => 0);
    if (this.flaw === 'short vector') body['vector'] = vector.slice(1);
    if (this.flaw === 'unknown field') body['anwser'] = 'misspelt';
    if (this.flaw === 'negative tokens') body['prompt_tokens'] = -1;
    // A refused write with a whole vector must not be found under it later either.
    if (this.flaw === 'unknown field' || this.flaw === 'negative tokens') model.trace(this.id, this.version);
    const reply = await live.post(`/v1/${this.route}`, body);
    // The docs do not order the checks: an insert of an active id may be refused as that (409) first, and
    // after the log failed any write may be refused as that (503) first.
    const allowed = [400];
    if (this.route === 'insert' && model.entries.has(this.id)) allowed.push(409);
    if (model.failed) allowed.push(503);
    expectOneOf(reply, allowed, 'the answer');
  }

  toString(): string {
    return `${this.route}Refused(${idName(this.id)} v${this.version} ${this.flaw})`;
  }
}
