import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { indexOf, randomVectors, withTempDir } from './index-under-test.js';

describe('vector-store: HnswIndex memory estimate', () => {
  it('is at least what hnswlib writes for a full index, and within twice that', async () => {
    await withTempDir(async (dir) => {
      const index = indexOf(64, 'l2', { initialCapacity: 256 });
      randomVectors(256, 64, 13).forEach((vector, id) => index.add(id, vector));
      const file = join(dir, 'index.hnsw');
      await index.writeTo(file);
      const fileBytes = (await stat(file)).size;
      const perSlot = (index.estimatedBytes() - 65_536 * 40) / 256;
      assert.ok(perSlot >= fileBytes / 256, `${perSlot} bytes per slot < ${fileBytes / 256} in the file`);
      assert.ok(perSlot <= (2 * fileBytes) / 256, `${perSlot} bytes per slot, more than twice the file's`);
    });
  });

  it('grows with capacity and with dims', () => {
    const small = indexOf(8, 'l2', { initialCapacity: 1000 }).estimatedBytes();
    assert.ok(indexOf(8, 'l2', { initialCapacity: 2000 }).estimatedBytes() > small);
    assert.ok(indexOf(16, 'l2', { initialCapacity: 1000 }).estimatedBytes() > small);
  });
});
