import assert from 'node:assert/strict';
import { access, readdir } from 'node:fs/promises';
import { WriteAheadLog, type WalRecord } from '@sluice/vector-store';
import { withTempDir } from './files-under-test.js';

async function replayed(dir: string, fromSegment: number): Promise<WalRecord[]> {
  const wal = await WriteAheadLog.open(dir);
  const records: WalRecord[] = [];
  for await (const record of wal.replay(fromSegment)) records.push(record);
  await wal.close();
  return records;
}

describe('vector-store persistence: the write-ahead log', () => {
  it('replays what was appended, in order, vectors at float32 precision', async () => {
    await withTempDir(async (dir) => {
      const wal = await WriteAheadLog.open(dir);
      await wal.append({ op: 'upsert', id: 7, payload: { answer: 'Paris', tags: ['geo'] } }, [0.1, -2.5, 1e-7, 3]);
      await wal.append({ op: 'delete', id: 7 });
      await wal.append({ op: 'upsert', id: 9007199254740991, payload: 'ünïcødé ✓' }, []);
      await wal.close();

      const records = await replayed(dir, 0);
      assert.deepEqual(records, [
        {
          meta: { op: 'upsert', id: 7, payload: { answer: 'Paris', tags: ['geo'] } },
          vector: [0.1, -2.5, 1e-7, 3].map(Math.fround),
        },
        { meta: { op: 'delete', id: 7 } },
        { meta: { op: 'upsert', id: 9007199254740991, payload: 'ünïcødé ✓' } },
      ]);
      assert.notEqual(records[0]?.vector?.[0], 0.1, 'float32, not float64');
    });
  });

  it('commits concurrent appends together: far fewer fsyncs than appends, order kept', async () => {
    await withTempDir(async (dir) => {
      const wal = await WriteAheadLog.open(dir);
      await Promise.all(Array.from({ length: 100 }, (_, id) => wal.append({ op: 'upsert', id }, [id, id + 0.5])));
      const stats = wal.stats();
      assert.equal(stats.appends, 100);
      assert.ok(stats.fsyncs >= 1 && stats.fsyncs <= 10, `${stats.fsyncs} fsyncs for 100 appends`);
      assert.ok(stats.bytes > 100 * 12);
      await wal.close();
      const records = await replayed(dir, 0);
      assert.deepEqual(
        records.map((r) => r.meta.id),
        Array.from({ length: 100 }, (_, id) => id),
      );
    });
  });

  it('queues appends that arrive while a write is in flight into the next single write', async () => {
    await withTempDir(async (dir) => {
      const wal = await WriteAheadLog.open(dir);
      const first = wal.append({ id: 0 });
      // A few microtask turns: the first write has started, and no I/O can finish before the next line runs.
      for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
      const later = Array.from({ length: 20 }, (_, i) => wal.append({ id: i + 1 }));
      await Promise.all([first, ...later]);
      assert.deepEqual(wal.stats(), { appends: 21, fsyncs: 2, bytes: wal.stats().bytes, segment: 1 });
      await wal.close();
      assert.deepEqual(
        (await replayed(dir, 0)).map((r) => r.meta.id),
        Array.from({ length: 21 }, (_, id) => id),
      );
    });
  });

  it('rotates: a snapshot segment, older segments removed, replay from it', async () => {
    await withTempDir(async (dir) => {
      const wal = await WriteAheadLog.open(dir);
      assert.equal(wal.segment, 1);
      await wal.append({ id: 1 });
      const pending = wal.append({ id: 2 });
      const next = wal.rotate();
      assert.equal(next, 2);
      await Promise.all([pending, wal.append({ id: 3 })]);
      assert.deepEqual(await readdir(dir), ['wal-0000000001.log', 'wal-0000000002.log']);

      const fromNext: WalRecord[] = [];
      for await (const record of wal.replay(next)) fromNext.push(record);
      assert.deepEqual(fromNext, [{ meta: { id: 3 } }], 'an append called before the rotate stays below it');

      assert.equal(await wal.removeBefore(next), 1);
      assert.deepEqual(await readdir(dir), ['wal-0000000002.log']);
      await wal.append({ id: 4 });
      await wal.close();

      const reopened = await WriteAheadLog.open(dir);
      assert.equal(reopened.segment, 3, 'a new process appends after the highest segment');
      await reopened.append({ id: 5 });
      await reopened.close();
      assert.deepEqual(
        (await replayed(dir, 0)).map((r) => r.meta.id),
        [3, 4, 5],
      );
      assert.deepEqual(
        (await replayed(dir, 3)).map((r) => r.meta.id),
        [5],
      );
    });
  });

  it('opens no lower than the segment a saved set replays from, though every segment was retired', async () => {
    await withTempDir(async (dir) => {
      const first = await WriteAheadLog.open(dir);
      await first.append({ id: 1 });
      const replayFrom = first.rotate();
      await first.removeBefore(replayFrom);
      await first.close();
      assert.deepEqual(await readdir(dir), []);

      const second = await WriteAheadLog.open(dir, replayFrom);
      assert.equal(second.segment, replayFrom);
      await second.append({ id: 2 });
      await second.close();
      assert.deepEqual(
        (await replayed(dir, replayFrom)).map((r) => r.meta.id),
        [2],
        'what the next process appends is what the next replay reads',
      );
      assert.equal((await WriteAheadLog.open(dir, replayFrom)).segment, replayFrom + 1, 'after the highest on disk');
    });
  });

  it('closes after the queued appends are written, then refuses appends', async () => {
    await withTempDir(async (dir) => {
      const wal = await WriteAheadLog.open(dir);
      const appends = Array.from({ length: 10 }, (_, id) => wal.append({ id }));
      await wal.close();
      await Promise.all(appends);
      assert.equal(wal.stats().appends, 10);
      await assert.rejects(wal.append({ id: 11 }), { name: 'VectorStoreError', code: 'unavailable' });
      assert.equal((await replayed(dir, 0)).length, 10);
    });
  });

  it('refuses a meta that is not a JSON object', async () => {
    await withTempDir(async (dir) => {
      const wal = await WriteAheadLog.open(dir);
      await assert.rejects(wal.append([1, 2]), { code: 'invalid_argument' });
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      await assert.rejects(wal.append(cyclic), { code: 'invalid_argument' });
      await wal.append({ ok: true });
      await wal.close();
    });
  });
  it('closes the segment file when a replay stops early', async function () {
    if (
      !(await access('/proc/self/fd').then(
        () => true,
        () => false,
      ))
    )
      this.skip();
    await withTempDir(async (dir) => {
      const wal = await WriteAheadLog.open(dir);
      await Promise.all([1, 2, 3].map((id) => wal.append({ id })));
      await wal.close();
      const reader = await WriteAheadLog.open(dir);
      const openFiles = async () => (await readdir('/proc/self/fd')).length;
      const before = await openFiles();
      for await (const record of reader.replay(0)) {
        assert.equal(record.meta.id, 1);
        break;
      }
      assert.equal(await openFiles(), before);
      await reader.close();
    });
  });
});
