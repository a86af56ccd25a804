import assert from 'node:assert/strict';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadPairedSet } from '@sluice/vector-store';
import { flipBit, rejectsNaming, withTempDir } from './files-under-test.js';
import { DIMS, saveSet } from './set-under-test.js';

describe('vector-store persistence: the paired set', () => {
  it('is nothing in a fresh or missing directory', async () => {
    await withTempDir(async (root) => {
      assert.equal(await loadPairedSet({ dir: join(root, 'absent'), dims: DIMS }), undefined);
      assert.equal(await loadPairedSet({ dir: root, dims: DIMS }), undefined);
    });
  });

  it('round-trips the index payload, answers, tombstones, labels, snapshot id and log segment', async () => {
    await withTempDir(async (root) => {
      const dir = join(root, 'data');
      const answers = { 1: { answer: 'one' }, 9007199254740991: 'big', 42: [1, 'two', null] };
      const saved = await saveSet(dir, answers, {
        tombstones: [5, 6],
        labels: [[9007199254740991, 4278190080]],
        walSegment: 7,
      });
      assert.deepEqual((await readdir(dir)).sort(), ['answers.json', 'tombstones.json', 'vcal.index']);
      const sizes = await Promise.all(
        ['answers.json', 'tombstones.json', 'vcal.index'].map(async (n) => (await stat(join(dir, n))).size),
      );
      assert.equal(
        saved.bytes,
        sizes.reduce((a, b) => a + b, 0),
      );
      assert.equal(saved.indexPath, join(dir, 'vcal.index'));

      const loaded = await loadPairedSet({ dir, dims: DIMS, metric: 'cosine' });
      assert.ok(loaded !== undefined);
      assert.equal(loaded.snapshotId, saved.snapshotId);
      assert.equal(loaded.walSegment, 7);
      assert.equal(loaded.header.saved_at, saved.savedAt);
      assert.equal(loaded.header.count, 3);
      assert.deepEqual(
        loaded.answers,
        new Map<number, unknown>([
          [1, { answer: 'one' }],
          [9007199254740991, 'big'],
          [42, [1, 'two', null]],
        ]),
      );
      assert.deepEqual(loaded.tombstones, [5, 6]);
      assert.deepEqual(loaded.labels, [[9007199254740991, 4278190080]]);
      assert.ok((await readFile(loaded.payloadFile)).equals(saved.payload));
      await rm(loaded.payloadFile);

      const answersJson = JSON.parse(await readFile(join(dir, 'answers.json'), 'utf8')) as Record<string, unknown>;
      assert.deepEqual(Object.keys(answersJson), [
        'version',
        'saved_at',
        'server_version',
        'snapshot_id',
        'wal_segment',
        'answers',
      ]);
    });
  });

  it('refuses a set torn by a file from an earlier save, naming that file', async () => {
    await withTempDir(async (root) => {
      const dir = join(root, 'data');
      const earlier = join(root, 'earlier');
      const later = join(root, 'later');
      const names = ['answers.json', 'vcal.index', 'tombstones.json'];
      const first = await saveSet(dir, { 1: 'a' });
      await mkdir(earlier);
      for (const name of names) await copyFile(join(dir, name), join(earlier, name));
      const second = await saveSet(dir, { 1: 'a', 2: 'b' });
      await mkdir(later);
      for (const name of names) await copyFile(join(dir, name), join(later, name));

      for (const name of names) {
        await copyFile(join(earlier, name), join(dir, name));
        await rejectsNaming(
          loadPairedSet({ dir, dims: DIMS }),
          name,
          new RegExp(`snapshot id ${first.snapshotId} does not match .*${second.snapshotId}`),
        );
        await copyFile(join(later, name), join(dir, name));
      }
      const loaded = await loadPairedSet({ dir, dims: DIMS });
      assert.equal(loaded?.snapshotId, second.snapshotId);
      if (loaded !== undefined) await rm(loaded.payloadFile);
    });
  });

  it('refuses a set with a missing file instead of starting empty', async () => {
    await withTempDir(async (root) => {
      const dir = join(root, 'data');
      await saveSet(dir, { 1: 'a' });
      await rm(join(dir, 'tombstones.json'));
      await rejectsNaming(
        loadPairedSet({ dir, dims: DIMS }),
        'tombstones.json',
        /missing, while vcal.index and answers.json exist/,
      );
    });
  });

  it('refuses a set of other dimensions or another metric', async () => {
    await withTempDir(async (root) => {
      const dir = join(root, 'data');
      await saveSet(dir, { 1: 'a' });
      await rejectsNaming(loadPairedSet({ dir, dims: 384 }), 'vcal.index', /dims 8 does not match the configured 384/);
      await rejectsNaming(
        loadPairedSet({ dir, dims: DIMS, metric: 'l2' }),
        'vcal.index',
        /metric cosine does not match the configured l2/,
      );
      assert.deepEqual((await readdir(dir)).sort(), ['answers.json', 'tombstones.json', 'vcal.index']);
    });
  });

  it('refuses a corrupt index payload and corrupt JSON, naming the file', async () => {
    await withTempDir(async (root) => {
      const dir = join(root, 'data');
      await saveSet(dir, { 1: 'a' });
      const answers = await readFile(join(dir, 'answers.json'));
      await writeFile(join(dir, 'answers.json'), answers.subarray(0, answers.byteLength - 10));
      await rejectsNaming(loadPairedSet({ dir, dims: DIMS }), 'answers.json', /not valid JSON/);
      await writeFile(join(dir, 'answers.json'), answers);
      await flipBit(join(dir, 'vcal.index'), -5);
      await rejectsNaming(loadPairedSet({ dir, dims: DIMS }), 'vcal.index', /checksum mismatch/);
      assert.deepEqual((await readdir(dir)).sort(), ['answers.json', 'tombstones.json', 'vcal.index']);
    });
  });

  it('saves under another index name', async () => {
    await withTempDir(async (root) => {
      const dir = join(root, 'data');
      const saved = await saveSet(dir, { 3: 'c' }, { indexName: 'main.index' });
      assert.equal(saved.indexPath, join(dir, 'main.index'));
      await rejectsNaming(
        loadPairedSet({ dir, dims: DIMS }),
        'vcal.index',
        /missing, while answers.json and tombstones.json exist/,
      );
      const loaded = await loadPairedSet({ dir, indexName: 'main.index', dims: DIMS });
      assert.deepEqual(loaded?.answers, new Map([[3, 'c']]));
      if (loaded !== undefined) await rm(loaded.payloadFile);
    });
  });
});
