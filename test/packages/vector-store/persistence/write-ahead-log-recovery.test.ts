import assert from 'node:assert/strict';
import { access, readFile, rm, stat, symlink, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { segmentFileName, WriteAheadLog, type WalRecord } from '@sluice/vector-store';
import { flipBit, rejectsNaming, withTempDir } from './files-under-test.js';

const FIRST = segmentFileName(1);

/** A log of three records in segment 1; returns the byte length of each frame. */
async function threeRecords(dir: string): Promise<number[]> {
  const wal = await WriteAheadLog.open(dir);
  const sizes: number[] = [];
  for (const id of [1, 2, 3]) {
    const before = wal.stats().bytes;
    await wal.append({ op: 'upsert', id, payload: { answer: `answer ${id}` } }, [id, id, id]);
    sizes.push(wal.stats().bytes - before);
  }
  await wal.close();
  return sizes;
}

async function replayAll(dir: string) {
  const wal = await WriteAheadLog.open(dir);
  const replay = wal.replay(0);
  const records: WalRecord[] = [];
  for await (const record of replay) records.push(record);
  await wal.close();
  return { records, replay };
}

describe('vector-store persistence: write-ahead log recovery', () => {
  it('truncates a short final frame (a crash mid-append) and reports the bytes dropped', async () => {
    await withTempDir(async (dir) => {
      const sizes = await threeRecords(dir);
      const path = join(dir, FIRST);
      const full = (await stat(path)).size;
      await truncate(path, full - 5);

      const { records, replay } = await replayAll(dir);
      assert.deepEqual(
        records.map((r) => r.meta.id),
        [1, 2],
      );
      assert.equal(replay.droppedBytes, sizes[2]! - 5);
      assert.deepEqual(
        replay.truncated.map((t) => [t.segment, t.offset]),
        [[1, sizes[0]! + sizes[1]!]],
      );
      assert.equal((await stat(path)).size, sizes[0]! + sizes[1]!);

      const again = await replayAll(dir);
      assert.equal(again.records.length, 2);
      assert.equal(again.replay.droppedBytes, 0);
    });
  });

  it('truncates a final frame whose CRC does not match', async () => {
    await withTempDir(async (dir) => {
      const sizes = await threeRecords(dir);
      await flipBit(join(dir, FIRST), -2);
      const { records, replay } = await replayAll(dir);
      assert.equal(records.length, 2);
      assert.equal(replay.droppedBytes, sizes[2]);
      assert.match(replay.truncated[0]?.reason ?? '', /CRC mismatch/);
    });
  });

  it('refuses a bad frame followed by good ones, naming the segment, and leaves it as it was', async () => {
    await withTempDir(async (dir) => {
      await threeRecords(dir);
      const path = join(dir, FIRST);
      await flipBit(path, 20);
      const before = await readFile(path);
      const wal = await WriteAheadLog.open(dir);
      const seen: WalRecord[] = [];
      await rejectsNaming(
        (async () => {
          for await (const record of wal.replay(0)) seen.push(record);
        })(),
        FIRST,
        /corrupt frame at byte 0 \(CRC mismatch\), followed by valid frames/,
      );
      await wal.close();
      assert.equal(seen.length, 0);
      assert.ok((await readFile(path)).equals(before));
    });
  });

  it('refuses every append after a write fails, even once the fault is gone', async function () {
    const deviceFull = '/dev/full';
    if (
      !(await access(deviceFull).then(
        () => true,
        () => false,
      ))
    )
      this.skip();
    await withTempDir(async (dir) => {
      const wal = await WriteAheadLog.open(dir);
      const segment = join(dir, segmentFileName(wal.segment));
      // Writes to /dev/full fail with ENOSPC: a real disk-full error on the segment file.
      await symlink(deviceFull, segment);
      await assert.rejects(wal.append({ id: 1 }), (error: unknown) => {
        assert.equal((error as { code?: string }).code, 'unavailable');
        assert.match((error as Error).message, /ENOSPC|no space/i);
        return true;
      });
      await rm(segment);
      await assert.rejects(wal.append({ id: 2 }), { code: 'unavailable' });
      assert.equal(wal.stats().appends, 0);
      await wal.close();
    });
  });
});
