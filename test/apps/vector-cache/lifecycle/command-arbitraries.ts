/** The steps a lifecycle sequence is made of, weighted so that a short sequence mixes data and process events. */
import fc from 'fast-check';
import { AnswersSave } from './commands/answers-save.js';
import { AutosaveTick } from './commands/autosave-tick.js';
import { OtherDims } from './commands/other-dims.js';
import { Qa, Search, THRESHOLDS } from './commands/reads.js';
import { Restart } from './commands/restarts.js';
import { SLOTS, SnapshotLoad, SnapshotSave } from './commands/snapshots.js';
import { WriteFailure } from './commands/write-failure.js';
import { Delete, FLAWS, Insert, RefusedWrite, Upsert } from './commands/writes.js';
import type { LifecycleCommand, LifecycleContext } from './lifecycle-command.js';
import { IDS, OTHER_DIMS, VERSIONS } from './points.js';

/**
 * @example
 * fc.commands([lifecycleCommand(context)], { maxCommands: 25, size: 'max' });
 */
export function lifecycleCommand(context: LifecycleContext): fc.Arbitrary<LifecycleCommand> {
  const id = fc.constantFrom(...IDS);
  const version = fc.integer({ min: 0, max: VERSIONS - 1 });
  const tag = fc.nat(999);
  const slot = fc.integer({ min: 0, max: SLOTS - 1 });
  const stop = fc.constantFrom('SIGTERM' as const, 'SIGKILL' as const);
  const route = fc.constantFrom('insert' as const, 'upsert' as const);

  const insert = fc.tuple(id, version, tag).map(([i, v, t]) => new Insert(context, i, v, t));
  const upsert = fc.tuple(id, version, tag).map(([i, v, t]) => new Upsert(context, i, v, t));
  const remove = id.map((i) => new Delete(context, i));
  const refused = fc
    .tuple(route, id, version, fc.constantFrom(...FLAWS))
    .map(([r, i, v, flaw]) => new RefusedWrite(context, r, i, v, flaw));
  const qa = fc.tuple(id, version, fc.constantFrom(...THRESHOLDS)).map(([i, v, t]) => new Qa(context, i, v, t));
  const search = fc.tuple(id, version, fc.integer({ min: 1, max: 5 })).map(([i, v, k]) => new Search(context, i, v, k));
  const save = slot.map((s) => new SnapshotSave(context, s));
  const load = slot.map((s) => new SnapshotLoad(context, s));
  const answersSave = fc.constant(new AnswersSave(context));
  const autosaveTick = fc.constant(new AutosaveTick(context));
  const restart = stop.map((s) => new Restart(context, s));
  const writeFailure = fc
    .tuple(
      fc.constantFrom('full' as const, 'read-only' as const),
      route,
      id,
      version,
      tag,
      fc.constantFrom('none' as const, 'snapshot' as const, 'answers' as const),
      slot,
    )
    .map(([fault, r, i, v, t, onDisk, s]) => new WriteFailure(context, fault, r, i, v, t, onDisk, s));
  const otherDims = fc.tuple(stop, fc.constantFrom(...OTHER_DIMS)).map(([s, dims]) => new OtherDims(context, s, dims));

  return fc.oneof(
    { weight: 14, arbitrary: insert },
    { weight: 10, arbitrary: upsert },
    { weight: 9, arbitrary: remove },
    { weight: 3, arbitrary: refused },
    { weight: 4, arbitrary: qa },
    { weight: 4, arbitrary: search },
    { weight: 8, arbitrary: save },
    { weight: 7, arbitrary: load },
    { weight: 4, arbitrary: answersSave },
    { weight: 4, arbitrary: autosaveTick },
    { weight: 14, arbitrary: restart },
    { weight: 6, arbitrary: writeFailure },
    { weight: 3, arbitrary: otherDims },
  );
}
