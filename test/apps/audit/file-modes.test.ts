/** The audit database, its WAL and its directory are the owner's alone, whatever the umask allows. */
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { notPrivate } from '../../fixtures/file-modes.js';
import { batchBody, postBatch, requestEvents, startAudit, tempDataDir } from './audit-under-test.js';

describe('audit module: modes of the files it creates', () => {
  it('creates its data directory 0700 and the database with its -wal and -shm files 0600 under umask 022', async () => {
    const parent = await tempDataDir();
    const previousUmask = process.umask(0o022);
    const audit = await startAudit({ dataDir: path.join(parent, 'audit') });
    try {
      assert.equal((await postBatch(audit.url, batchBody(requestEvents()))).status, 200);
      assert.deepEqual(await notPrivate(audit.dataDir), []);
    } finally {
      process.umask(previousUmask);
      await audit.dispose();
      await rm(parent, { recursive: true, force: true });
    }
  });
});
