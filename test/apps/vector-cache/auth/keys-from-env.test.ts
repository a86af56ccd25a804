import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiKeys } from '@sluice/vector-cache';

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('vector-cache ApiKeys.fromEnv', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-keys-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads comma-separated lists, trimmed, empty items ignored', () => {
    const keys = ApiKeys.fromEnv({ SVC_APP_KEYS: ' app-1 ,, app-2,', SVC_ADMIN_KEYS: 'admin-1' });
    assert.deepEqual(keys.count, { app: 2, admin: 1 });
    assert.equal(keys.authenticate(bearer('app-1')), 'app');
    assert.equal(keys.authenticate(bearer('app-2')), 'app');
    assert.equal(keys.authenticate(bearer('admin-1')), 'admin');
  });

  it('reads key files: one a line, blank lines and # comments ignored, CRLF tolerated', async () => {
    const appFile = join(dir, 'app.keys');
    const adminFile = join(dir, 'admin.keys');
    await writeFile(appFile, '# app keys\n\nfile-app-1\r\n  file-app-2  \n# retired: old\n');
    await writeFile(adminFile, 'file-admin-1\n');
    const keys = ApiKeys.fromEnv({ SVC_APP_KEYS_FILE: appFile, SVC_ADMIN_KEYS_FILE: adminFile });
    assert.deepEqual(keys.count, { app: 2, admin: 1 });
    assert.equal(keys.authenticate(bearer('file-app-2')), 'app');
    assert.equal(keys.authenticate(bearer('file-admin-1')), 'admin');
    assert.equal(keys.authenticate(bearer('#')), undefined);
  });

  it('takes the union of both forms of one kind, counting a repeated key once', async () => {
    const appFile = join(dir, 'app.keys');
    await writeFile(appFile, 'from-file\nshared\n');
    const keys = ApiKeys.fromEnv({ SVC_APP_KEYS: 'from-list,shared', SVC_APP_KEYS_FILE: appFile });
    assert.deepEqual(keys.count, { app: 3, admin: 0 });
    assert.equal(keys.authenticate(bearer('from-list')), 'app');
    assert.equal(keys.authenticate(bearer('from-file')), 'app');
  });

  it('has no keys when nothing is configured, and an empty file variable counts as unset', () => {
    const keys = ApiKeys.fromEnv({ SVC_APP_KEYS_FILE: '', SVC_ADMIN_KEYS: ' , ' });
    assert.deepEqual(keys.count, { app: 0, admin: 0 });
    assert.equal(keys.authenticate(bearer('anything')), undefined);
  });

  it('names the variable when a key file cannot be read', () => {
    const missing = join(dir, 'missing.keys');
    assert.throws(
      () => ApiKeys.fromEnv({ SVC_ADMIN_KEYS_FILE: missing }),
      (error: Error) => error.message === `SVC_ADMIN_KEYS_FILE: cannot read ${missing}: no such file`,
    );
    assert.throws(() => ApiKeys.fromEnv({ SVC_APP_KEYS_FILE: dir }), /^Error: SVC_APP_KEYS_FILE: cannot read /);
  });

  it('refuses a key with whitespace inside, naming where it is but never the key', async () => {
    const appFile = join(dir, 'app.keys');
    await writeFile(appFile, 'good\nsecret-part other-part\n');
    assert.throws(
      () => ApiKeys.fromEnv({ SVC_APP_KEYS_FILE: appFile }),
      (error: Error) =>
        error.message.startsWith(`SVC_APP_KEYS_FILE: ${appFile} line 2:`) && !error.message.includes('secret-part'),
    );
    assert.throws(
      () => ApiKeys.fromEnv({ SVC_ADMIN_KEYS: 'ok,secret\tpart' }),
      (error: Error) => error.message.startsWith('SVC_ADMIN_KEYS: item 2:') && !error.message.includes('secret'),
    );
  });

  it('never holds a key in a form that shows when the object is printed or serialised', () => {
    const keys = ApiKeys.fromEnv({ SVC_APP_KEYS: 'visible-app-key', SVC_ADMIN_KEYS: 'visible-admin-key' });
    const shown = `${JSON.stringify(keys)} ${String(keys)} ${Object.values(keys).join(' ')}`;
    assert.ok(!shown.includes('visible'), shown);
  });
});
