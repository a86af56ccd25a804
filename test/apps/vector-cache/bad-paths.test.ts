import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertServiceError, axis, seed, startService, type ServiceUnderTest } from './service-under-test.js';

const HOME_SET = ['answers.json', 'tombstones.json', 'vcal.index'];

describe('vector-cache: snapshot and answers paths stay inside the data directory', () => {
  let svc: ServiceUnderTest;
  let outside: string;
  let assertUnchanged: () => Promise<void>;

  before(async () => {
    svc = await startService();
    assertUnchanged = await seed(svc);
    assert.equal((await svc.post('/v1/snapshot/save', {})).status, 200);
    outside = await mkdtemp(path.join(tmpdir(), 'sluice-vc-outside-'));
    await symlink(outside, path.join(svc.dataDir, 'out'));
    await symlink(svc.dataDir, path.join(svc.dataDir, 'home-link'));
  });
  after(async () => {
    await svc?.close();
    if (outside !== undefined) await rm(outside, { recursive: true, force: true });
  });

  /** Nothing was written outside, the data directory's own set still loads whole, the live set is as it was. */
  const assertNothingWritten = async () => {
    assert.deepEqual(await readdir(outside), [], 'files written outside the data directory');
    const home = await svc.post('/v1/snapshot/load', {});
    assert.equal(home.status, 200, `the data directory's own set no longer loads: ${home.text}`);
    assert.equal((home.body as { vectors: number }).vectors, 3);
    await assertUnchanged();
  };

  const cases: readonly (readonly [string, string | (() => string), string])[] = [
    ['/v1/snapshot/save', '../escaped/vcal.index', 'leaves'],
    ['/v1/snapshot/load', '../vcal.index', 'leaves'],
    ['/v1/answers/save', 'backups/../../answers-export.json', 'leaves'],
    ['/v1/answers/load', '../../../../etc/passwd', 'leaves'],
    ['/v1/snapshot/save', '.', 'the data directory itself'],
    ['/v1/snapshot/save', () => path.join(outside, 'vcal.index'), 'absolute'],
    ['/v1/snapshot/load', '/etc/passwd', 'absolute'],
    ['/v1/answers/save', () => path.join(outside, 'answers-export.json'), 'absolute'],
    ['/v1/answers/load', '/etc/hostname', 'absolute'],
    ['/v1/snapshot/save', 'out/vcal.index', 'symbolic link'],
    ['/v1/snapshot/save', 'out/deeper/vcal.index', 'symbolic link'],
    ['/v1/snapshot/load', 'out/vcal.index', 'symbolic link'],
    ['/v1/answers/save', 'out/answers-export.json', 'symbolic link'],
    ['/v1/answers/load', 'out/answers.json', 'symbolic link'],
    // The data directory's own files: writing any of them apart from its own save tears the set or the log.
    ['/v1/snapshot/save', 'other.index', 'own'],
    ['/v1/answers/save', 'answers.json', 'own'],
    ['/v1/answers/save', 'tombstones.json', 'own'],
    ['/v1/answers/save', 'vcal.index', 'own'],
    ['/v1/answers/save', 'wal-0000000000.log', 'own'],
    ['/v1/answers/save', 'home-link/answers.json', 'own'],
    ['/v1/snapshot/save', 'home-link/other.index', 'own'],
  ];
  for (const [route, given, why] of cases) {
    const label = typeof given === 'string' ? given : '<outside>/…';
    it(`${route} ${JSON.stringify(label)} (${why}): 400 naming path, nothing written`, async () => {
      const reply = await svc.post(route, { path: typeof given === 'string' ? given : given() });
      const error = assertServiceError(reply, 400, 'INVALID_ARGUMENT', 'path');
      if (why === 'symbolic link') assert.ok(!error.message.includes(outside), 'the message tells where the link goes');
      await assertNothingWritten();
    });
  }

  it('a NUL byte in a path: 400 naming path', async () => {
    assertServiceError(await svc.post('/v1/snapshot/save', { path: 'a\u0000/vcal.index' }), 400, 'INVALID_ARGUMENT', 'path');
    await assertNothingWritten();
  });

  it('the home set is not one of its own files: the default save and load still work', async () => {
    assert.deepEqual((await readdir(svc.dataDir)).filter((name) => HOME_SET.includes(name)).sort(), HOME_SET);
    assert.equal((await svc.post('/v1/snapshot/save', { path: 'vcal.index' })).status, 200);
    await assertNothingWritten();
  });
});

describe('vector-cache: absolute paths with SVC_ALLOW_ABSOLUTE_PATHS=1', () => {
  let svc: ServiceUnderTest;
  let elsewhere: string;
  beforeEach(async () => {
    svc = await startService({ SVC_ALLOW_ABSOLUTE_PATHS: '1' });
    elsewhere = await mkdtemp(path.join(tmpdir(), 'sluice-vc-elsewhere-'));
  });
  afterEach(async () => {
    await svc.close();
    await rm(elsewhere, { recursive: true, force: true });
  });

  it('saves and loads the paired set and the answers at an absolute path', async () => {
    await svc.post('/v1/insert', { ext_id: 1, vector: axis(0), answer: 'one' });
    const index = path.join(elsewhere, 'set', 'vcal.index');
    const saved = await svc.post('/v1/snapshot/save', { path: index });
    assert.equal(saved.status, 200, saved.text);
    assert.equal((saved.body as { path: string }).path, index);
    assert.deepEqual((await readdir(path.dirname(index))).sort(), HOME_SET);
    const answers = path.join(elsewhere, 'answers-export.json');
    assert.equal((await svc.post('/v1/answers/save', { path: answers })).status, 200);

    await svc.post('/v1/upsert', { ext_id: 1, vector: axis(0), answer: 'changed' });
    await svc.post('/v1/insert', { ext_id: 2, vector: axis(3), answer: 'two' });
    assert.deepEqual((await svc.post('/v1/snapshot/load', { path: index })).body, { ok: true, path: index, vectors: 1 });
    assert.equal(((await svc.post('/v1/qa', { query: axis(0) })).body as { answer: string }).answer, 'one');
    assert.deepEqual((await svc.post('/v1/answers/load', { path: answers })).body, { ok: true, path: answers, answers: 1 });
  });

  it('still refuses a relative path that leaves the data directory, and the data directory own files', async () => {
    assertServiceError(await svc.post('/v1/snapshot/save', { path: '../vcal.index' }), 400, 'INVALID_ARGUMENT', 'path');
    const own = path.join(svc.dataDir, 'answers.json');
    assertServiceError(await svc.post('/v1/answers/save', { path: own }), 400, 'INVALID_ARGUMENT', 'path');
    const ownThroughLink = path.join(elsewhere, 'data-link', 'answers.json');
    await symlink(svc.dataDir, path.dirname(ownThroughLink));
    assertServiceError(await svc.post('/v1/answers/save', { path: ownThroughLink }), 400, 'INVALID_ARGUMENT', 'path');
  });
});
