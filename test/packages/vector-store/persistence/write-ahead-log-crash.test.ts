import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { WriteAheadLog } from '@sluice/vector-store';
import { startChild } from '../../../fixtures/child-process.js';
import { withTempDir } from './files-under-test.js';

const CHILD = fileURLToPath(new URL('./wal-append-child.ts', import.meta.url));

describe('vector-store persistence: the write-ahead log killed mid-append', () => {
  it('replays every record acknowledged before a kill -9', async () => {
    await withTempDir(async (dir) => {
      const child = startChild(process.execPath, ['--import', 'tsx', CHILD, dir, '5000']);
      await child.waitForLine(/^ack 300$/, 12_000);
      await child.kill();
      const acknowledged = child.lines.filter((line) => line.startsWith('ack ')).map((line) => Number(line.slice(4)));
      assert.ok(acknowledged.length >= 300);

      const wal = await WriteAheadLog.open(dir);
      const replay = wal.replay(0);
      const ids: number[] = [];
      for await (const { meta, vector } of replay) {
        const id = meta.id as number;
        assert.deepEqual(vector, [id, id / 2, -id].map(Math.fround));
        ids.push(id);
      }
      await wal.close();
      assert.deepEqual(
        ids,
        Array.from({ length: ids.length }, (_, i) => i),
        'records replay in append order, none missing',
      );
      const replayed = new Set(ids);
      const lost = acknowledged.filter((id) => !replayed.has(id));
      assert.deepEqual(lost, [], 'every acknowledged record replays');
    });
  });
});
