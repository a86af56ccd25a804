import assert from 'node:assert/strict';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HnswIndex, VectorStoreError } from '@sluice/vector-store';
import { indexOf, options, randomVectors, withTempDir } from './index-under-test.js';

function failedPrecondition(pattern: RegExp): (error: unknown) => boolean {
  return (error) => {
    assert.ok(error instanceof VectorStoreError, String(error));
    assert.equal(error.code, 'failed_precondition');
    assert.match(error.message, pattern);
    return true;
  };
}

function populated(): { index: HnswIndex; queries: number[][] } {
  const index = indexOf(16, 'cosine', { initialCapacity: 64 });
  randomVectors(120, 16, 7).forEach((vector, id) => index.add(id * 3, vector));
  for (const id of [0, 3, 30, 300]) index.remove(id);
  return { index, queries: randomVectors(10, 16, 8) };
}

describe('vector-store: HnswIndex writeTo and readFrom', () => {
  it('restores every active id, the deleted marks, and identical search results', async () => {
    await withTempDir(async (dir) => {
      const { index, queries } = populated();
      const file = join(dir, 'index.hnsw');
      await index.writeTo(file);
      const loaded = await HnswIndex.readFrom(file, options(16, 'cosine'));
      assert.deepEqual(loaded.activeIds().sort(), index.activeIds().sort());
      assert.deepEqual(loaded.deletedIds().sort(), [0, 3, 30, 300].sort());
      assert.equal(loaded.activeCount, 116);
      assert.equal(loaded.capacity, index.capacity);
      for (const query of queries) {
        assert.deepEqual(loaded.search(query, 10), index.search(query, 10));
        assert.deepEqual(
          loaded.search(query, 10, 40, (id) => id % 2 === 0),
          index.search(query, 10, 40, (id) => id % 2 === 0),
        );
      }
      assert.deepEqual(loaded.vector(9), index.vector(9));
    });
  });

  it('after loading, deleted ids revive and new ids reuse deleted slots', async () => {
    await withTempDir(async (dir) => {
      const { index } = populated();
      const file = join(dir, 'index.hnsw');
      await index.writeTo(file);
      const loaded = await HnswIndex.readFrom(file, options(16, 'cosine'));
      const capacity = loaded.capacity;
      assert.equal(loaded.add(30, randomVectors(1, 16, 9)[0]!), 'revived');
      assert.equal(loaded.add(100_000, randomVectors(1, 16, 10)[0]!), 'inserted');
      assert.equal(loaded.capacity, capacity);
      assert.equal(loaded.deletedIds().length, 2);
      assert.equal(loaded.activeCount, 118);
    });
  });

  it('round-trips an empty index', async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, 'empty.hnsw');
      await indexOf(4, 'l2').writeTo(file);
      const loaded = await HnswIndex.readFrom(file, options(4, 'l2'));
      assert.equal(loaded.activeCount, 0);
      assert.deepEqual(loaded.search([1, 2, 3, 4], 3), { ids: [], distances: [] });
    });
  });

  it('takes M and efConstruction from the file, which the graph was built with', async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, 'index.hnsw');
      await indexOf(4, 'l2', { M: 8, efConstruction: 50 }).writeTo(file);
      const loaded = await HnswIndex.readFrom(file, options(4, 'l2'));
      assert.equal(loaded.options.M, 8);
      assert.equal(loaded.options.efConstruction, 50);
    });
  });

  it('refuses a file of other dims, naming both', async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, 'index.hnsw');
      await populated().index.writeTo(file);
      await assert.rejects(HnswIndex.readFrom(file, options(32, 'cosine')), failedPrecondition(/has 16 dims.*configured for 32/));
    });
  });

  it('refuses a missing, truncated or foreign file with failed_precondition naming it', async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, 'index.hnsw');
      await populated().index.writeTo(file);
      const bytes = await readFile(file);
      await assert.rejects(
        HnswIndex.readFrom(join(dir, 'none.hnsw'), options(16)),
        failedPrecondition(/none\.hnsw: cannot be read/),
      );
      const truncated = join(dir, 'truncated.hnsw');
      await writeFile(truncated, bytes.subarray(0, bytes.length - 10));
      await assert.rejects(HnswIndex.readFrom(truncated, options(16)), failedPrecondition(/truncated\.hnsw: .*corrupted/));
      const short = join(dir, 'short.hnsw');
      await writeFile(short, bytes.subarray(0, 5000));
      await assert.rejects(HnswIndex.readFrom(short, options(16)), failedPrecondition(/short\.hnsw: .*do not fit/));
      const foreign = join(dir, 'foreign.hnsw');
      await writeFile(foreign, Buffer.alloc(200, 7));
      await assert.rejects(
        HnswIndex.readFrom(foreign, options(16)),
        failedPrecondition(/foreign\.hnsw: not a readable hnswlib index/),
      );
    });
  });

  it('reports a write that produced no file (hnswlib resolves anyway)', async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, 'missing-dir', 'index.hnsw');
      const { index } = populated();
      await assert.rejects(index.writeTo(file), (error: unknown) => {
        assert.ok(error instanceof VectorStoreError);
        assert.equal(error.code, 'unavailable');
        assert.match(error.message, /missing-dir\/index\.hnsw: writing the index failed \(no file was written\)/);
        return true;
      });
    });
  });

  it('reads an empty index with room for its initial capacity, and grows past it', async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, 'empty.hnsw');
      await indexOf(16, 'cosine', { initialCapacity: 8 }).writeTo(file);
      // hnswlib reads a file of 0 elements as a capacity of 0; doubling 0 freed its base layer.
      const loaded = await HnswIndex.readFrom(file, { ...options(16, 'cosine'), initialCapacity: 8 });
      assert.equal(loaded.capacity, 8);
      const vectors = randomVectors(40, 16, 3);
      vectors.forEach((vector, id) => loaded.add(id, vector));
      assert.equal(loaded.activeCount, 40);
      assert.ok(loaded.capacity >= 40);
      assert.deepEqual(loaded.search(vectors[39]!, 1).ids, [39]);
    });
  });

  it('refuses add and remove while a write runs, and serves searches', async () => {
    await withTempDir(async (dir) => {
      const { index, queries } = populated();
      const file = join(dir, 'index.hnsw');
      const before = index.search(queries[0]!, 5);
      const writing = index.writeTo(file);
      assert.equal(index.writing, true);
      assert.throws(() => index.add(1, queries[1]!), /cannot add while the index is being written/);
      assert.throws(() => index.remove(6), /cannot remove while the index is being written/);
      assert.deepEqual(index.search(queries[0]!, 5), before);
      await writing;
      assert.equal(index.writing, false);
      assert.equal(index.remove(6), true);
      assert.ok((await stat(file)).size > 0);
    });
  });
});
