import assert from 'node:assert/strict';
import { watch } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateLicenseKeyPair, issueLicense, type IssueLicenseOptions, type LicenseKeyPair } from '@sluice/vector-cache';
import { refusedStart, startServiceProcess } from './service-process.js';
import { startService, type Reply, type ServiceUnderTest } from './service-under-test.js';
import { assertHoldsExactly, entryBody, pointFor, type ExpectedEntry } from './store-contents.js';
import { threadPoolHold } from './thread-pool-hold.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Issued an hour ago for 30 days: 29 whole days left, whatever the time of day. */
const THIRTY_DAYS = { days: 30, now: Date.now() - HOUR };

const errorCode = (reply: Reply) => (reply.body as { error?: { code?: string } }).error?.code;

/** Polls `check` every 50 ms until it holds; fails after 10 s. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 10_000; !(await check()); await sleep(50)) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 10 s`);
  }
}

describe('vector-cache: the license, enforced by the service', function () {
  this.timeout(20_000);
  let keys: LicenseKeyPair;
  let dir: string;
  let licenseFile: string;
  let svc: ServiceUnderTest | undefined;

  before(() => {
    keys = generateLicenseKeyPair();
  });
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-vc-license-'));
    licenseFile = path.join(dir, 'license.json');
    await writeFile(path.join(dir, 'license.pub'), keys.publicKeyPem);
  });
  afterEach(async () => {
    await svc?.service.stop();
    svc = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  const writeLicense = (options: Partial<IssueLicenseOptions>, signer = keys) =>
    writeFile(
      licenseFile,
      JSON.stringify(issueLicense({ org: 'acme', tier: 'pro', days: 30, ...options }, signer.privateKeyPem)),
    );
  const licensed = (extra: Record<string, string> = {}) => ({
    SVC_LICENSE_REQUIRED: '1',
    SVC_LICENSE_FILE: licenseFile,
    SVC_LICENSE_PUBKEY_FILE: path.join(dir, 'license.pub'),
    ...extra,
  });
  const dataDir = () => path.join(dir, 'data');
  /** A license that expires 2..3 s from now (issue times are whole seconds). */
  const expiringSoon = () => ({ days: 1, now: Date.now() - DAY + 3000 });

  it('reports org, tier and whole days left in /v1/license/status and in the gauge', async () => {
    await writeLicense({ ...THIRTY_DAYS, tier: 'enterprise' });
    svc = await startService(licensed(), dataDir());
    assert.deepEqual((await svc.get('/v1/license/status')).body, {
      valid: true,
      tier: 'enterprise',
      org: 'acme',
      days_until_expiry: 29,
    });
    assert.match((await svc.get('/metrics')).text, /\nsvc_license_days_until_expiry 29\n/);
    assert.equal((await svc.post('/v1/insert', entryBody(1, { answer: 'one', version: 0 }))).status, 200);
  });

  it('refuses to start with a license that has expired, naming SVC_LICENSE_FILE', async () => {
    await writeLicense({ days: 1, now: Date.now() - 3 * DAY });
    await assert.rejects(
      startService(licensed(), dataDir()),
      /^Error: SVC_LICENSE_FILE: license expired on \d{4}-\d\d-\d\d \(org acme\)$/,
    );
    const { code, output } = await refusedStart(dataDir(), licensed());
    assert.equal(code, 1);
    assert.match(output, /^sluice vector-cache: SVC_LICENSE_FILE: license expired on /m);
  });

  it('refuses to start with a license whose signature does not hold', async () => {
    const genuine = issueLicense({ org: 'acme', tier: 'pro', ...THIRTY_DAYS }, keys.privateKeyPem);
    await writeFile(licenseFile, JSON.stringify({ ...genuine, tier: 'enterprise' }));
    await assert.rejects(startService(licensed(), dataDir()), /^Error: SVC_LICENSE_FILE: bad signature$/);
    await writeLicense(THIRTY_DAYS, generateLicenseKeyPair());
    await assert.rejects(startService(licensed(), dataDir()), /^Error: SVC_LICENSE_FILE: bad signature$/);
  });

  it('keeps reads and saves once the license expires while running, refuses writes with 403, loses nothing', async () => {
    const expected = new Map<number, ExpectedEntry>();
    svc = await startService({}, dataDir());
    for (let id = 1; id <= 5; id++) {
      expected.set(id, { answer: `answer ${id}`, version: 0 });
      assert.equal((await svc.post('/v1/insert', entryBody(id, expected.get(id)!))).status, 200);
    }
    await svc.service.stop();

    await writeLicense(expiringSoon());
    svc = await startService(licensed(), dataDir());
    await until('the license expires', async () => !(await svc!.get('/v1/license/status')).text.includes('"valid":true'));
    assert.deepEqual((await svc.get('/v1/license/status')).body, {
      valid: false,
      tier: 'pro',
      org: 'acme',
      days_until_expiry: 0,
    });
    assert.match((await svc.get('/metrics')).text, /\nsvc_license_days_until_expiry 0\n/);

    for (const [route, body] of [
      ['/v1/insert', entryBody(6, { answer: 'six', version: 0 })],
      ['/v1/upsert', entryBody(1, { answer: 'one, changed', version: 1 })],
      ['/v1/delete', { ext_id: 2 }],
    ] as const) {
      const reply = await svc.post(route, body);
      assert.equal(reply.status, 403, route);
      assert.equal(errorCode(reply), 'LICENSE_EXPIRED', route);
    }
    const qa = await svc.post('/v1/qa', { query: pointFor(3), sim_threshold: 0.99 });
    assert.deepEqual([qa.status, (qa.body as { answer: string }).answer], [200, 'answer 3']);
    assert.equal((await svc.post('/v1/search', { query: pointFor(4), k: 1 })).status, 200);
    assert.equal((await svc.post('/v1/snapshot/save', {})).status, 200);
    await assertHoldsExactly(svc.service, expected);

    await svc.service.stop();
    svc = await startService({}, dataDir());
    await assertHoldsExactly(svc.service, expected);
  });

  it('re-reads a renewed license on SIGHUP: writes work again', async () => {
    await writeLicense(THIRTY_DAYS);
    const proc = await startServiceProcess(dataDir(), licensed());
    const tier = async () => ((await proc.get('/v1/license/status')).body as { tier: string }).tier;
    // Read while the process runs, so how long it takes to start does not matter.
    await writeLicense({ ...expiringSoon(), tier: 'trial' });
    proc.child.signal('SIGHUP');
    await until('the short license is read', async () => (await tier()) === 'trial');
    await until('the license expires', async () => !(await proc.get('/v1/license/status')).text.includes('"valid":true'));
    const refused = await proc.post('/v1/insert', entryBody(1, { answer: 'one', version: 0 }));
    assert.deepEqual([refused.status, errorCode(refused)], [403, 'LICENSE_EXPIRED']);

    await writeLicense({ ...THIRTY_DAYS, tier: 'enterprise' });
    proc.child.signal('SIGHUP');
    await until('the renewed license is read', async () => (await proc.get('/v1/license/status')).text.includes('"valid":true'));
    assert.deepEqual((await proc.get('/v1/license/status')).body, {
      valid: true,
      tier: 'enterprise',
      org: 'acme',
      days_until_expiry: 29,
    });
    assert.equal((await proc.post('/v1/insert', entryBody(1, { answer: 'one', version: 0 }))).status, 200);
    const qa = await proc.post('/v1/qa', { query: pointFor(1), sim_threshold: 0.99 });
    assert.equal((qa.body as { answer: string }).answer, 'one');
  });

  it('refuses an insert past max_vectors with 403 and still takes upserts of existing ids', async () => {
    await writeLicense({ ...THIRTY_DAYS, maxVectors: 3 });
    svc = await startService(licensed(), dataDir());
    for (const id of [1, 2, 3])
      assert.equal((await svc.post('/v1/insert', entryBody(id, { answer: `${id}`, version: 0 }))).status, 200);
    for (const route of ['/v1/insert', '/v1/upsert']) {
      const past = await svc.post(route, entryBody(4, { answer: 'four', version: 0 }));
      assert.deepEqual([past.status, errorCode(past)], [403, 'PERMISSION_DENIED'], route);
      assert.match(past.text, /"max_vectors":3/);
    }
    assert.equal((await svc.post('/v1/upsert', entryBody(2, { answer: 'two, changed', version: 1 }))).status, 200);
    assert.equal((await svc.post('/v1/delete', { ext_id: 1 })).status, 200);
    assert.equal((await svc.post('/v1/insert', entryBody(4, { answer: 'four', version: 0 }))).status, 200);
    assert.equal(await svc.service.store.count(), 3);
  });

  it('holds max_vectors for inserts that wait together while a snapshot load commits', async () => {
    const filled = 300;
    await writeLicense({ ...THIRTY_DAYS, maxVectors: filled + 5 });
    svc = await startService(licensed({ SVC_DURABILITY: 'snapshot' }), dataDir());
    for (let id = 1000; id < 1000 + filled; id++) {
      await svc.service.store.upsert({ id, vector: pointFor(id), payload: { answer: 'filler', created_at: 0, updated_at: 0 } });
    }
    assert.equal((await svc.post('/v1/snapshot/save', { path: 'backup/vcal.index' })).status, 200);
    const inserts = async () => (await svc!.service.metrics.insertRequests.get()).values[0]?.value ?? 0;
    const pool = threadPoolHold(dir);
    // Writes wait while a load commits the loaded set as the home set, which starts with this temp file;
    // the held pool then keeps the commit from finishing until the twenty inserts have all been checked.
    const committing = new Promise<void>((resolve) => {
      const watcher = watch(svc!.dataDir, (_event, name) => {
        if (name?.includes('.tmp-index-') !== true) return;
        watcher.close();
        pool.hold();
        resolve();
      });
    });
    const load = svc.post('/v1/snapshot/load', { path: 'backup/vcal.index' });
    await committing;
    const before = await inserts();
    const ids = Array.from({ length: 20 }, (_, i) => i + 1);
    const replies = Promise.all(ids.map((id) => svc!.post('/v1/insert', entryBody(id, { answer: `${id}`, version: 0 }))));
    await until('the inserts reach the service', async () => (await inserts()) === before + 20);
    assert.equal(await svc.service.store.count(), filled, 'the inserts are waiting');
    await pool.release();

    assert.equal((await load).status, 200);
    const accepted = (await replies).filter((reply) => reply.status === 200).length;
    assert.equal(accepted, 5, `${accepted} of 20 inserts accepted with room for 5`);
    assert.equal(await svc.service.store.count(), filled + 5);
  });
});
