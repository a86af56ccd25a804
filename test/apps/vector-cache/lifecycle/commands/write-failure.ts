/**
 * A write the disk cannot take. The data directory's disk is made read-only or full, a save may be tried on
 * it, then a write is sent: its log record cannot be written, so it must be answered 503 and leave no trace
 * (not in memory, not in a later save, not after a restart), and the service must refuse writes and report not
 * ready until it is restarted (docs/vector-cache.md, Persistence and recovery). The disk is healed before the
 * step ends; the service stays failed until a restart.
 */
import { LifecycleCommand, type LifecycleContext } from '../lifecycle-command.js';
import type { DiskFault, LiveService } from '../live-service.js';
import type { LifecycleModel } from '../model.js';
import { idName, vectorFor } from '../points.js';
import { expectDiskRefusal, expectStatus } from '../replies.js';
import { ANSWERS_EXPORT } from './answers-save.js';
import { slotPath } from './snapshots.js';
import { answerFor } from './writes.js';

/** Far larger than a page and than what a concurrent autosave might free, so a full disk cannot take its record. */
const BULK = 256 * 1024;

export type SaveOnFailingDisk = 'none' | 'snapshot' | 'answers';

export class WriteFailure extends LifecycleCommand {
  readonly kind = 'write failure';

  constructor(
    context: LifecycleContext,
    readonly fault: DiskFault,
    readonly route: 'insert' | 'upsert',
    readonly id: number,
    readonly version: number,
    readonly tag: number,
    readonly save: SaveOnFailingDisk,
    readonly slot: number,
  ) {
    super(context);
  }

  protected override applies(model: Readonly<LifecycleModel>): boolean {
    return !model.failed;
  }

  protected async act(model: LifecycleModel, live: LiveService): Promise<void> {
    try {
      await this.#injectFault(live);
      if (this.save === 'snapshot') {
        // Refused, the slot keeps the set it held: a later load of it must find exactly that.
        expectDiskRefusal(await live.post('/v1/snapshot/save', { path: slotPath(this.slot) }), `snapshotSave(s${this.slot})`);
      }
      if (this.save === 'answers')
        expectDiskRefusal(await live.post('/v1/answers/save', { path: ANSWERS_EXPORT }), 'answersSave');
      const answer = `${answerFor(this.id, this.version, this.tag)} ${'x'.repeat(BULK)}`;
      model.trace(this.id, this.version);
      const reply = await live.post(`/v1/${this.route}`, { ext_id: this.id, vector: vectorFor(this.id, this.version), answer });
      if (this.route === 'insert' && model.entries.has(this.id)) {
        // Refused before it reaches the log: the service is still writable.
        return expectStatus(reply, 409, 'an active id');
      }
      expectStatus(reply, 503, 'the answer');
      model.failed = true;
      this.context.tally.writeFailures += 1;
    } finally {
      await live.heal();
    }
  }

  /**
   * Read-only needs no file open for writing on the disk: a save of the data directory's own set first
   * closes the log's segment (the next write opens a new one). Should the remount still be refused, the
   * disk is filled instead.
   */
  async #injectFault(live: LiveService): Promise<void> {
    if (this.fault === 'full') return live.fail('full');
    expectStatus(await live.post('/v1/snapshot/save', {}), 200, 'a save of the own set before the disk turns read-only');
    try {
      await live.fail('read-only');
    } catch {
      await live.fail('full');
    }
  }

  toString(): string {
    const save = this.save === 'none' ? '' : this.save === 'snapshot' ? `; snapshotSave(s${this.slot})` : '; answersSave';
    return `writeFailure(disk ${this.fault}${save}; ${this.route} ${idName(this.id)} v${this.version} #${this.tag})`;
  }
}
