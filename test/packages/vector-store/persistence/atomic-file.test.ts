import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AtomicFile, isTempName, writeFileAtomic } from '@sluice/vector-store';
import { withTempDir } from './files-under-test.js';

describe('vector-store persistence: atomic files', () => {
  it('replaces the content of a file and leaves no temp file behind', async () => {
    await withTempDir(async (dir) => {
      const target = join(dir, 'license.json');
      await writeFile(target, 'old content that is longer than the new one');
      await writeFileAtomic(target, '{"new":true}');
      assert.equal(await readFile(target, 'utf8'), '{"new":true}');
      await writeFileAtomic(target, Uint8Array.from([1, 2, 3]));
      assert.deepEqual([...(await readFile(target))], [1, 2, 3]);
      assert.deepEqual(await readdir(dir), ['license.json']);
    });
  });

  it('names temp files so a start-up can find them: a leading dot and .tmp-', async () => {
    await withTempDir(async (dir) => {
      const file = await AtomicFile.create(join(dir, 'vcal.index'));
      await file.write('partial');
      const [temp] = await readdir(dir);
      assert.ok(temp !== undefined && temp.startsWith('.vcal.index.tmp-') && isTempName(temp), `temp name ${temp}`);
      assert.equal(isTempName('vcal.index'), false);
      await file.abort();
      assert.deepEqual(await readdir(dir), []);
    });
  });

  it('leaves the target untouched until the streamed write commits', async () => {
    await withTempDir(async (dir) => {
      const target = join(dir, 'answers.json');
      await writeFile(target, 'before');
      const file = await AtomicFile.create(target);
      await file.write('after, ');
      await file.write(Buffer.from('in two pieces'));
      assert.equal(await readFile(target, 'utf8'), 'before');
      await file.commit();
      assert.equal(await readFile(target, 'utf8'), 'after, in two pieces');
      assert.equal(file.bytes, 20);
      assert.deepEqual(await readdir(dir), ['answers.json']);
    });
  });
});
