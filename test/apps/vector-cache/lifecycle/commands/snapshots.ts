/**
 * Snapshot exports and loads: a save to `snapshots/s<slot>/vcal.index` records what the model held; a load of
 * that slot makes the model exactly that (the docs: the loaded set becomes the data directory's own, so it
 * stays across restarts); a load of a slot never saved is refused with 412 and changes nothing. After the log
 * failed, both are refused with 503 until a restart.
 */
import assert from 'node:assert/strict';
import { LifecycleCommand, type LifecycleContext } from '../lifecycle-command.js';
import type { LiveService } from '../live-service.js';
import type { LifecycleModel } from '../model.js';
import { expectOneOf, expectStatus } from '../replies.js';

export const SLOTS = 3;

export function slotPath(slot: number): string {
  return `snapshots/s${slot}/vcal.index`;
}

export class SnapshotSave extends LifecycleCommand {
  readonly kind = 'snapshot save';

  constructor(
    context: LifecycleContext,
    readonly slot: number,
  ) {
    super(context);
  }

  protected async act(model: LifecycleModel, live: LiveService): Promise<void> {
    const reply = await live.post('/v1/snapshot/save', { path: slotPath(this.slot) });
    // After the log failed, saves are refused: the docs say so, and the slot keeps what it held.
    if (model.failed) return expectStatus(reply, 503, 'after the log failed');
    expectStatus(reply, 200, 'the answer');
    const body = reply.body as { ok: boolean; path: string; bytes: number };
    assert.ok(body.ok && body.path.endsWith(slotPath(this.slot)) && body.bytes > 0, reply.text);
    model.snapshots.set(this.slot, model.copy());
  }

  toString(): string {
    return `snapshotSave(s${this.slot})`;
  }
}

export class SnapshotLoad extends LifecycleCommand {
  readonly kind = 'snapshot load';

  constructor(
    context: LifecycleContext,
    readonly slot: number,
  ) {
    super(context);
  }

  protected async act(model: LifecycleModel, live: LiveService): Promise<void> {
    const reply = await live.post('/v1/snapshot/load', { path: slotPath(this.slot) });
    const saved = model.snapshots.get(this.slot);
    if (saved === undefined) {
      // Whether a missing set or the failed log is named first, the load is refused and changes nothing.
      expectOneOf(reply, model.failed ? [412, 503] : [412], 'a slot never saved');
      return;
    }
    if (model.failed) return expectStatus(reply, 503, 'after the log failed');
    expectStatus(reply, 200, 'the answer');
    const body = reply.body as { ok: boolean; vectors: number };
    assert.ok(body.ok, reply.text);
    assert.equal(body.vectors, saved.size, 'vectors');
    model.entries = new Map(saved);
  }

  toString(): string {
    return `snapshotLoad(s${this.slot})`;
  }
}
