import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadAnswers, saveAnswers, VectorStoreError } from '@sluice/vector-store';
import { rejectsNaming, withTempDir } from './files-under-test.js';

describe('vector-store persistence: answers files', () => {
  it('saves and loads answers in the answers.json format, replacing the file atomically', async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, 'answers-export.json');
      await writeFile(file, 'an older export');
      const answers = new Map<number, unknown>(Array.from({ length: 3000 }, (_, i) => [i * 7, { answer: `answer ${i}`, n: i }]));
      const saved = await saveAnswers(file, { answers, serverVersion: '0.1.0' });
      assert.deepEqual(await readdir(dir), ['answers-export.json']);
      assert.equal(saved.bytes, (await readFile(file)).byteLength);

      const loaded = await loadAnswers(file);
      assert.deepEqual(loaded.answers, answers);
      assert.equal(loaded.snapshotId, saved.snapshotId);
      assert.equal(loaded.savedAt, saved.savedAt);
      assert.equal(loaded.serverVersion, '0.1.0');
      assert.equal(loaded.walSegment, 0);
      const json = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      assert.equal(json.version, 1);
      assert.deepEqual((json.answers as Record<string, unknown>)['7'], { answer: 'answer 1', n: 1 });
    });
  });

  it('refuses a file of another version, a bad id or a missing file, naming the file', async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, 'answers.json');
      const base = { version: 1, saved_at: '2025-01-01T00:00:00Z', server_version: '0.1.0', snapshot_id: 'abc', wal_segment: 0 };
      await writeFile(file, JSON.stringify({ ...base, version: 2, answers: {} }));
      await rejectsNaming(loadAnswers(file), file, /version 2 is not supported/);
      await writeFile(file, JSON.stringify({ ...base, answers: { '-1': 'x' } }));
      await rejectsNaming(loadAnswers(file), file, /answer id "-1" is not an integer/);
      await writeFile(file, JSON.stringify({ ...base, answers: { '9007199254740993': 'x' } }));
      await rejectsNaming(loadAnswers(file), file, /is not an integer/);
      await writeFile(file, JSON.stringify({ ...base, snapshot_id: 5, answers: {} }));
      await rejectsNaming(loadAnswers(file), file, /snapshot_id is missing/);
      await rejectsNaming(loadAnswers(join(dir, 'absent.json')), join(dir, 'absent.json'), /missing/);
    });
  });

  it('refuses to save an id outside 0..2^53−1 and leaves the old file', async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, 'answers.json');
      await writeFile(file, 'before');
      await assert.rejects(
        saveAnswers(file, { answers: new Map([[1.5, 'x']]), serverVersion: '0.1.0' }),
        (error: unknown) => error instanceof VectorStoreError && error.code === 'invalid_argument',
      );
      assert.equal(await readFile(file, 'utf8'), 'before');
      assert.deepEqual(await readdir(dir), ['answers.json']);
    });
  });
});
