import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { segmentFileName, WriteAheadLog } from '@sluice/vector-store';
import { withTempDir } from './files-under-test.js';

describe('vector-store persistence: retiring write-ahead log segments', () => {
  it('deletes the segment still open from before the rotation, once its appends are written', async () => {
    await withTempDir(async (dir) => {
      const wal = await WriteAheadLog.open(dir);
      await wal.append({ op: 'upsert', id: 1 });
      const before = wal.stats().segment;
      const next = wal.rotate();
      assert.equal(await wal.removeBefore(next), 1);
      assert.deepEqual(
        (await readdir(dir)).filter((name) => name === segmentFileName(before)),
        [],
      );
      await wal.append({ op: 'upsert', id: 2 });
      await wal.close();
      const again = await WriteAheadLog.open(dir);
      const replayed = [];
      for await (const record of again.replay(next)) replayed.push(record.meta);
      await again.close();
      assert.deepEqual(replayed, [{ op: 'upsert', id: 2 }]);
    });
  });
});
