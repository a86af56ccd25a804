import assert from 'node:assert/strict';
import { assertServiceError, seed, startService, type ServiceUnderTest } from './service-under-test.js';

// Found by fuzzing: each of these answered 500 INTERNAL (the file system's ENOTDIR, EEXIST, EISDIR or
// ENAMETOOLONG from a path the client chose reached the error envelope as a fault of the service).
describe('vector-cache: paths the file system refuses are the client’s mistake', () => {
  let svc: ServiceUnderTest;
  let assertUnchanged: () => Promise<void>;

  before(async () => {
    svc = await startService();
    assertUnchanged = await seed(svc);
    assert.equal((await svc.post('/v1/snapshot/save', {})).status, 200);
    assert.equal((await svc.post('/v1/answers/save', {})).status, 200);
  });
  after(() => svc?.close());

  const longName = `${'n'.repeat(300)}.index`;
  const longPath = `${'a/'.repeat(2047)}b`;

  const saves: readonly (readonly [string, string, string])[] = [
    ['/v1/snapshot/save', 'vcal.index/below', 'cannot be written: a part of it is a file'],
    ['/v1/answers/save', 'vcal.index/below', 'cannot be written: a part of it is a file'],
    ['/v1/answers/save', 'exports', 'is a directory'],
    ['/v1/answers/save', 'exports/.', 'names a directory'],
    ['/v1/snapshot/save', `backups/${longName}`, 'cannot be written: it is too long'],
    ['/v1/answers/save', longName, 'cannot be written: it is too long'],
    ['/v1/snapshot/save', longPath, 'cannot be written: it is too long'],
  ];
  for (const [route, given, why] of saves) {
    it(`${route} to ${given.slice(0, 24)}: 400 INVALID_ARGUMENT, ${why}`, async () => {
      const error = assertServiceError(await svc.post(route, { path: given }), 400, 'INVALID_ARGUMENT', 'path');
      assert.ok(error.message.includes(why), error.message);
      assert.deepEqual(error.details, { field: 'path' });
    });
  }

  const loads: readonly (readonly [string, string, string])[] = [
    ['/v1/snapshot/load', 'vcal.index/below', 'cannot be read: a part of it is a file'],
    ['/v1/snapshot/load', 'exports', 'is a directory'],
    ['/v1/snapshot/load', longPath, 'cannot be read: it is too long'],
  ];
  for (const [route, given, why] of loads) {
    it(`${route} from ${given.slice(0, 24)}: 412 FAILED_PRECONDITION, ${why}`, async () => {
      const error = assertServiceError(await svc.post(route, { path: given }), 412, 'FAILED_PRECONDITION', 'path');
      assert.ok(error.message.includes(why), error.message);
      assert.deepEqual(error.details, { field: 'path' });
    });
  }

  it('leaves the stored entries and the data directory’s own set as they were', async () => {
    await assertUnchanged();
    assert.equal((await svc.post('/v1/snapshot/save', {})).status, 200);
    const home = await svc.post('/v1/snapshot/load', {});
    assert.equal(home.status, 200, home.text);
    assert.equal((home.body as { vectors: number }).vectors, 3);
  });
});
