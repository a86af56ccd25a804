/**
 * Writes refused because the log cannot be written (a full or read-only disk, for real) leave no trace:
 * not in qa or search, not in svc_active_ids, not after a save (refused too) or a restart.
 */
import assert from 'node:assert/strict';
import { smallDiskOrSkip, type SmallDisk } from '../../fixtures/small-disk.js';
import { startServiceProcess, type ServiceProcess } from './service-process.js';
import { assertServiceError } from './service-under-test.js';
import { entryBody, pointFor } from './store-contents.js';

async function qaFinds(proc: ServiceProcess, id: number): Promise<boolean> {
  const body = (await proc.post('/v1/qa', { query: pointFor(id), sim_threshold: 0.999 })).body as { hit: boolean; id: number };
  return body.hit && body.id === id;
}

async function searchFinds(proc: ServiceProcess, id: number): Promise<boolean> {
  const body = (await proc.post('/v1/search', { query: pointFor(id), k: 50 })).body as { hits: { id: number }[] };
  return body.hits.some((hit) => hit.id === id);
}

async function activeIds(proc: ServiceProcess): Promise<number> {
  const match = /\nsvc_active_ids (\d+)\n/.exec((await proc.get('/metrics')).text);
  assert.ok(match, 'svc_active_ids in /metrics');
  return Number(match[1]);
}

const FAULTS = {
  'a full disk': { break: (disk: SmallDisk) => disk.fill(), mend: (disk: SmallDisk) => disk.drain() },
  'a read-only disk': {
    break: async (disk: SmallDisk) => disk.readOnly(),
    mend: async (disk: SmallDisk) => disk.writable(),
  },
};

describe('vector-cache: writes refused by the disk', function () {
  this.timeout(60_000);
  let disk: SmallDisk;
  let proc: ServiceProcess | undefined;

  beforeEach(async function () {
    disk = await smallDiskOrSkip(this, 8 << 20);
  });
  afterEach(async () => {
    await proc?.child.kill();
    proc = undefined;
    await disk?.remove();
  });

  // Each write is the first after a restart, so it opens a new log segment: on a full disk that needs a
  // page the disk no longer has, and no file is open for writing when the disk is remounted read-only.
  const REFUSED = {
    insert: (proc: ServiceProcess) => proc.post('/v1/insert', entryBody(3, { answer: 'refused', version: 0 })),
    upsert: (proc: ServiceProcess) => proc.post('/v1/upsert', entryBody(1, { answer: 'refused', version: 1 })),
    delete: (proc: ServiceProcess) => proc.post('/v1/delete', { ext_id: 2 }),
  };

  for (const [name, fault] of Object.entries(FAULTS)) {
    for (const [op, refused] of Object.entries(REFUSED)) {
      it(`leaves no trace of a refused ${op} on ${name}`, async () => {
        proc = await startServiceProcess(disk.dir);
        for (const id of [1, 2]) {
          assert.equal((await proc.post('/v1/insert', entryBody(id, { answer: `a${id}`, version: 0 }))).status, 200);
        }
        proc.child.signal('SIGTERM');
        await proc.child.exited;
        proc = await startServiceProcess(disk.dir);
        await fault.break(disk);

        assertServiceError(await refused(proc), 503, 'UNAVAILABLE');
        await assertUnchanged(proc);
        assertServiceError(
          await proc.post('/v1/insert', entryBody(4, { answer: 'refused too', version: 0 })),
          503,
          'UNAVAILABLE',
        );

        // A save would make the refused state durable or retire the log: refused while the log is failing,
        // even once the disk is mended, until a restart.
        assertServiceError(await proc.post('/v1/snapshot/save', {}), 503, 'UNAVAILABLE');
        await fault.mend(disk);
        assertServiceError(await proc.post('/v1/snapshot/save', {}), 503, 'UNAVAILABLE');
        assertServiceError(await proc.post('/v1/answers/save', { path: 'exports/answers.json' }), 503, 'UNAVAILABLE');
        await assertUnchanged(proc);

        proc.child.signal('SIGTERM');
        assert.deepEqual(await proc.child.exited, { code: 0, signal: null });
        proc = await startServiceProcess(disk.dir);
        await assertUnchanged(proc);
        assert.equal(await qaFinds(proc, 4), false);
        assert.equal((await proc.post('/v1/insert', entryBody(5, { answer: 'after the restart', version: 0 }))).status, 200);
        await proc.child.kill();
        proc = await startServiceProcess(disk.dir);
        assert.equal(await qaFinds(proc, 5), true, 'a write after the restart survives a SIGKILL');
      });
    }
  }
});

/** Exactly ids 1 and 2 with their first answers, whatever was refused. */
async function assertUnchanged(proc: ServiceProcess): Promise<void> {
  assert.equal(await qaFinds(proc, 3), false, 'the refused insert is answered by qa');
  assert.equal(await searchFinds(proc, 3), false, 'the refused insert is found by search');
  const one = (await proc.post('/v1/qa', { query: pointFor(1), sim_threshold: 0.999 })).body as { id: number; answer: string };
  assert.deepEqual([one.id, one.answer], [1, 'a1'], 'the refused upsert replaced the entry');
  assert.equal(await qaFinds(proc, 2), true, 'the refused delete removed the entry');
  assert.equal(await searchFinds(proc, 2), true);
  assert.equal(await activeIds(proc), 2);
}
