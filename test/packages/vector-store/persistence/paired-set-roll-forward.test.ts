import assert from 'node:assert/strict';
import { copyFile, mkdir, readdir, rm, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadPairedSet, tempPathFor, type LoadedPairedSet } from '@sluice/vector-store';
import { rejectsNaming, withTempDir } from './files-under-test.js';
import { DIMS, saveSet } from './set-under-test.js';

const NAMES = ['vcal.index', 'answers.json', 'tombstones.json'] as const;

/** The name a save gives the temp file of `name` before renaming it: `.<name>.tmp-set-<snapshot id>`. */
function saveTemp(dir: string, name: string, snapshotId: string): string {
  return tempPathFor(join(dir, name), `set-${snapshotId}`);
}

async function loadAndRelease(dir: string): Promise<LoadedPairedSet | undefined> {
  const loaded = await loadPairedSet({ dir, dims: DIMS });
  if (loaded !== undefined) await rm(loaded.payloadFile);
  return loaded;
}

describe('vector-store persistence: the paired set after a crash', () => {
  it('completes a save that crashed after its first rename (roll-forward)', async () => {
    await withTempDir(async (root) => {
      const dir = join(root, 'data');
      const staging = join(root, 'staging');
      await saveSet(dir, { 1: 'old' });
      const newer = await saveSet(staging, { 1: 'new', 2: 'two' });
      // The state a crash leaves between renames: the new index in place, the other two still temps.
      await copyFile(join(staging, 'vcal.index'), join(dir, 'vcal.index'));
      await copyFile(join(staging, 'answers.json'), saveTemp(dir, 'answers.json', newer.snapshotId));
      await copyFile(join(staging, 'tombstones.json'), saveTemp(dir, 'tombstones.json', newer.snapshotId));

      const loaded = await loadAndRelease(dir);
      assert.equal(loaded?.snapshotId, newer.snapshotId);
      assert.equal(loaded.rolledForward, newer.snapshotId);
      assert.deepEqual(
        loaded.answers,
        new Map([
          [1, 'new'],
          [2, 'two'],
        ]),
      );
      assert.deepEqual((await readdir(dir)).sort(), ['answers.json', 'tombstones.json', 'vcal.index']);
      const again = await loadAndRelease(dir);
      assert.equal(again?.snapshotId, newer.snapshotId);
      assert.equal(again.rolledForward, undefined);
    });
  });

  it('completes a real save whose second rename failed', async () => {
    await withTempDir(async (root) => {
      const dir = join(root, 'data');
      await saveSet(dir, { 1: 'old' });
      await rm(join(dir, 'answers.json'));
      // A directory in the way makes the rename of answers.json fail after vcal.index was renamed.
      await mkdir(join(dir, 'answers.json'));
      const attempt = saveSet(dir, { 1: 'new' }, { snapshotId: 'second-save' });
      await assert.rejects(attempt, /EISDIR|directory/);
      await rmdir(join(dir, 'answers.json'));

      const loaded = await loadAndRelease(dir);
      assert.equal(loaded?.snapshotId, 'second-save');
      assert.equal(loaded.rolledForward, 'second-save');
      assert.deepEqual(loaded.answers, new Map([[1, 'new']]));
      assert.deepEqual((await readdir(dir)).sort(), ['answers.json', 'tombstones.json', 'vcal.index']);
    });
  });

  it('deletes the temps of a save that never reached its renames, and any stale temp, keeping the set', async () => {
    await withTempDir(async (root) => {
      const dir = join(root, 'data');
      const staging = join(root, 'staging');
      const kept = await saveSet(dir, { 1: 'kept' });
      const unfinished = await saveSet(staging, { 1: 'unfinished' });
      for (const name of NAMES) await copyFile(join(staging, name), saveTemp(dir, name, unfinished.snapshotId));
      await writeFile(join(dir, '.answers.json.tmp-4242-0a0b0c'), '{"version":1,');
      await writeFile(join(dir, '.vcal.index.tmp-payload-0d0e0f'), 'leftover index bytes');
      await writeFile(join(dir, 'notes.txt'), 'not ours');

      const loaded = await loadAndRelease(dir);
      assert.equal(loaded?.snapshotId, kept.snapshotId);
      assert.equal(loaded.rolledForward, undefined);
      assert.deepEqual(loaded.answers, new Map([[1, 'kept']]));
      assert.deepEqual((await readdir(dir)).sort(), ['answers.json', 'notes.txt', 'tombstones.json', 'vcal.index']);
    });
  });

  it('treats a directory holding only the temps of an unfinished first save as fresh', async () => {
    await withTempDir(async (root) => {
      const dir = join(root, 'data');
      const staging = join(root, 'staging');
      const unfinished = await saveSet(staging, { 1: 'unfinished' });
      await mkdir(dir);
      for (const name of NAMES.slice(0, 2)) await copyFile(join(staging, name), saveTemp(dir, name, unfinished.snapshotId));
      assert.equal(await loadAndRelease(dir), undefined);
      assert.deepEqual(await readdir(dir), []);
    });
  });

  it('refuses a set the temps cannot complete, naming the torn file', async () => {
    await withTempDir(async (root) => {
      const dir = join(root, 'data');
      const staging = join(root, 'staging');
      const older = await saveSet(dir, { 1: 'old' });
      const newer = await saveSet(staging, { 1: 'new' });
      await copyFile(join(staging, 'vcal.index'), join(dir, 'vcal.index'));
      await copyFile(join(staging, 'answers.json'), saveTemp(dir, 'answers.json', newer.snapshotId));
      await rejectsNaming(
        loadPairedSet({ dir, dims: DIMS }),
        'vcal.index',
        new RegExp(`snapshot id ${newer.snapshotId} does not match answers.json and tombstones.json \\(${older.snapshotId}\\)`),
      );
    });
  });
});
