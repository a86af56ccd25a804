/** What the store creates is its owner's alone (0600 files, 0700 directories), whatever the umask allows. */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HnswVectorStore } from '@sluice/vector-store';
import { notPrivate } from '../../../fixtures/file-modes.js';

describe('vector-store persistence: modes of the files it creates', () => {
  let parent: string;
  let previousUmask: number;
  beforeEach(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'sluice-modes-'));
    previousUmask = process.umask(0o022);
  });
  afterEach(async () => {
    process.umask(previousUmask);
    await rm(parent, { recursive: true, force: true });
  });

  it('creates the data directory, the log, the paired set and exports 0700 and 0600 under umask 022', async () => {
    const dataDir = path.join(parent, 'data');
    const store = await HnswVectorStore.open<{ answer: string }>({ dims: 4, dataDir });
    await store.insert({ id: 1, vector: [1, 0, 0, 0], payload: { answer: 'a' } });
    await store.saveSnapshot();
    await store.insert({ id: 2, vector: [0, 1, 0, 0], payload: { answer: 'b' } });
    await store.saveSnapshot({ dir: path.join(dataDir, 'backups', 'monday'), indexName: 'vcal.index' });
    await store.saveAnswers(path.join(dataDir, 'exports', 'answers.json'));
    await store.close();
    assert.deepEqual(await notPrivate(dataDir), []);
  });
});
