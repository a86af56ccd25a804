/**
 * Every refusal of a snapshot or answers path names the field (`details.field` = `path`) and the actual
 * problem, on all four routes: saves answer 400, loads of what the file system holds 412.
 */
import assert from 'node:assert/strict';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertServiceError, seed, startService, type ServiceUnderTest } from './service-under-test.js';

type Route = '/v1/snapshot/save' | '/v1/answers/save' | '/v1/snapshot/load' | '/v1/answers/load';

const ROUTES: readonly Route[] = ['/v1/snapshot/save', '/v1/answers/save', '/v1/snapshot/load', '/v1/answers/load'];
const longName = `${'n'.repeat(300)}.json`;
const longPath = `${'a/'.repeat(2047)}b`;

/** What every route says of a path, whatever it saves or loads: [given, status of a save, of a load, message]. */
const ON_EVERY_ROUTE: readonly (readonly [string, number, number, string])[] = [
  ['../escaped.json', 400, 400, 'leaves the data directory'],
  ['/etc/hostname', 400, 400, 'is absolute; set SVC_ALLOW_ABSOLUTE_PATHS=1'],
  ['out/x.json', 400, 400, 'leaves the data directory through a symbolic link'],
  ['.', 400, 400, 'is the data directory itself'],
  ['home-link', 400, 400, 'leads back to the data directory itself through a symbolic link'],
  ['backups/', 400, 400, 'ends in "/", so it names a directory'],
  ['backups/.', 400, 400, 'ends in "/.", so it names a directory'],
  ['backups', 400, 412, 'is a directory; name a file in it'],
  ['exports/sub', 400, 412, 'is a directory; name a file in it'],
  ['a-file/below.json', 400, 412, 'a part of it is a file, not a directory'],
  [longName, 400, 412, 'it is too long for the file system'],
  [longPath, 400, 412, 'it is too long for the file system'],
];

const ON_SOME_ROUTES: readonly (readonly [Route, string, number, string])[] = [
  ['/v1/snapshot/load', 'nowhere/vcal.index', 412, 'names no snapshot: the file is missing'],
  ['/v1/answers/load', 'nowhere/answers.json', 412, 'names no answers file: the file is missing'],
  ['/v1/snapshot/save', 'backups/answers.json', 400, 'cannot name a snapshot index: answers.json is the name of a file'],
  ['/v1/snapshot/load', 'answers.json', 400, 'cannot name a snapshot index: answers.json is the name of a file'],
  ['/v1/snapshot/save', 'backups/tombstones.json', 400, 'cannot name a snapshot index: tombstones.json'],
  ['/v1/snapshot/save', 'backups/.hidden.index', 400, 'cannot name a snapshot index: names starting with "."'],
  ['/v1/snapshot/load', 'backups/x.tmp-1.index', 400, 'cannot name a snapshot index: names containing ".tmp-"'],
  ['/v1/snapshot/save', 'other.index', 400, "is in the data directory itself, where this snapshot's answers.json"],
  ['/v1/answers/save', 'answers.json', 400, "is the data directory's own answers.json"],
  ['/v1/answers/save', 'vcal.index', 400, "is the data directory's own vcal.index"],
  ['/v1/answers/save', 'wal-0000000001.log', 400, "is named like the data directory's write-ahead log files"],
];

describe('vector-cache: every path refusal names the path field and the actual problem', () => {
  let svc: ServiceUnderTest;
  let assertUnchanged: () => Promise<void>;

  before(async () => {
    svc = await startService();
    assertUnchanged = await seed(svc);
    assert.equal((await svc.post('/v1/snapshot/save', {})).status, 200);
    await mkdir(path.join(svc.dataDir, 'backups'));
    await mkdir(path.join(svc.dataDir, 'exports', 'sub'), { recursive: true });
    // exports/ beside exports/sub holds the files of a set, so a load of the directory could pass for a torn set.
    assert.equal((await svc.post('/v1/answers/save', {})).status, 200);
    await writeFile(path.join(svc.dataDir, 'a-file'), 'not a directory');
    await symlink('/tmp', path.join(svc.dataDir, 'out'));
    await symlink(svc.dataDir, path.join(svc.dataDir, 'home-link'));
  });
  after(() => svc?.close());

  const check = async (route: Route, given: string, status: number, phrase: string) => {
    const code = status === 400 ? 'INVALID_ARGUMENT' : 'FAILED_PRECONDITION';
    const error = assertServiceError(await svc.post(route, { path: given }), status, code, 'path');
    assert.deepEqual(error.details, { field: 'path' }, error.message);
    assert.ok(error.message.startsWith(`path ${JSON.stringify(given.slice(0, 256))} `), error.message);
    assert.ok(error.message.includes(phrase), `expected "${phrase}" in: ${error.message}`);
  };

  for (const route of ROUTES) {
    for (const [given, saveStatus, loadStatus, phrase] of ON_EVERY_ROUTE) {
      const status = route.endsWith('save') ? saveStatus : loadStatus;
      it(`${route} ${JSON.stringify(given.slice(0, 24))}: ${status}, ${phrase}`, () => check(route, given, status, phrase));
    }
  }
  for (const [route, given, status, phrase] of ON_SOME_ROUTES) {
    it(`${route} ${JSON.stringify(given)}: ${status}, ${phrase}`, () => check(route, given, status, phrase));
  }

  it('changed nothing', async () => {
    await assertUnchanged();
    const home = await svc.post('/v1/snapshot/load', {});
    assert.equal(home.status, 200, home.text);
  });
});
