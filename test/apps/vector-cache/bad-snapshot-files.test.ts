import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertServiceError, axis, seed, startService, type ServiceUnderTest } from './service-under-test.js';

/** The Envelope v1 prefix: `VCALENV1` and the u32 LE header length (docs/reference/envelope-v1.md). */
const PREFIX_BYTES = 12;

type Mutation = (dir: string) => Promise<void>;

const index = (dir: string) => path.join(dir, 'vcal.index');
const answersOf = (dir: string) => path.join(dir, 'answers.json');

async function editBytes(file: string, edit: (bytes: Buffer) => Buffer | void): Promise<void> {
  const bytes = await readFile(file);
  await writeFile(file, edit(bytes) ?? bytes);
}

/** Replaces the index payload with bytes hnswlib cannot read, under a header whose checksum matches them. */
async function foreignPayload(dir: string): Promise<void> {
  await editBytes(index(dir), (bytes) => {
    const headerEnd = PREFIX_BYTES + bytes.readUInt32LE(8);
    const payload = Buffer.alloc(bytes.length - headerEnd, 0xab);
    const header = bytes.subarray(PREFIX_BYTES, headerEnd).toString('utf8');
    const sha = createHash('sha256').update(payload).digest('hex');
    const rewritten = header.replace(/"payload_sha256":"[0-9a-f]{64}"/, `"payload_sha256":"${sha}"`);
    return Buffer.concat([bytes.subarray(0, PREFIX_BYTES), Buffer.from(rewritten, 'utf8'), payload]);
  });
}

/** Rewrites the answers of a set's answers.json, keeping its snapshot id so only the payloads are at fault. */
const withAnswers =
  (answers: unknown): Mutation =>
  async (dir) => {
    const content = JSON.parse(await readFile(answersOf(dir), 'utf8')) as Record<string, unknown>;
    await writeFile(answersOf(dir), JSON.stringify({ ...content, answers }));
  };

const SNAPSHOT_CASES: readonly (readonly [string, Mutation, RegExp])[] = [
  ['a byte of the index payload flipped', (d) => editBytes(index(d), (b) => void (b[b.length - 9]! ^= 0xff)), /checksum/],
  ['a byte of the envelope header flipped', (d) => editBytes(index(d), (b) => void (b[PREFIX_BYTES]! ^= 0xff)), /header/],
  ['the envelope magic flipped', (d) => editBytes(index(d), (b) => void (b[0]! ^= 0xff)), /VCALENV1/],
  ['the index cut in half', async (d) => truncate(index(d), Math.floor((await readFile(index(d))).length / 2)), /truncated/],
  ['the index cut inside its header', (d) => truncate(index(d), PREFIX_BYTES + 4), /truncated/],
  ['the index emptied', (d) => truncate(index(d), 0), /VCALENV1/],
  ['a payload hnswlib cannot read, checksum matching', foreignPayload, /hnswlib/],
  ['answers.json not JSON', (d) => writeFile(answersOf(d), '{"version": 1, "answers": {'), /answers\.json/],
  ['answers.json from another save', (d) => cp(answersOf(`${d}/../later`), answersOf(d)), /torn/],
  ['tombstones.json missing', (d) => rm(path.join(d, 'tombstones.json')), /tombstones\.json.*missing/],
  ['an answer that is a number', withAnswers({ 7: 42 }), /answer/],
  ['an answer record without its answer', withAnswers({ 7: { created_at: 1, updated_at: 1 } }), /answer/],
];

const head = { version: 1, saved_at: '2026-01-01T00:00:00.000Z', server_version: '0.1.0', snapshot_id: 'abc', wal_segment: 0 };
const record = (answer: unknown) => ({ answer, created_at: 1, updated_at: 1 });

const ANSWERS_CASES: readonly (readonly [string, string | undefined, RegExp])[] = [
  ['a file that does not exist', undefined, /missing/],
  ['not JSON', '{"version": 1, "answers": {"1": ', /JSON/],
  ['a JSON array', '[]', /object/],
  ['version 2', JSON.stringify({ ...head, version: 2, answers: {} }), /version/],
  ['answers that are not an object', JSON.stringify({ ...head, answers: [record('x')] }), /answers/],
  ['an id that is not an integer', JSON.stringify({ ...head, answers: { one: record('x') } }), /id/],
  ['an id of 2^53', JSON.stringify({ ...head, answers: { 9007199254740992: record('x') } }), /id/],
  ['an answer that is a number', JSON.stringify({ ...head, answers: { 1: record(5) } }), /answer/],
  ['a payload that is not a record', JSON.stringify({ ...head, answers: { 2: 'two, again' } }), /answer/],
  ['negative token counts', JSON.stringify({ ...head, answers: { 3: { ...record('x'), prompt_tokens: -1 } } }), /prompt_tokens/],
];

describe('vector-cache: a snapshot or answers file that cannot be loaded leaves the live set as it was', () => {
  let svc: ServiceUnderTest;
  let assertUnchanged: () => Promise<void>;

  /** A paired set written by a service of its own (its final save), holding one entry. */
  const savedSet = async (name: string, env: Record<string, string>, entry: Record<string, unknown>) => {
    const other = await startService(env, path.join(svc.dataDir, 'sets', name));
    assert.equal((await other.post('/v1/insert', entry)).status, 200);
    await other.service.stop();
  };

  /** Refused with 412 for `reason`, no temp file left in `dir`, nothing changed, and writes still flow. */
  const assertRefused = async (route: string, given: string, reason: RegExp, dir?: string) => {
    const error = assertServiceError(await svc.post(route, { path: given }), 412, 'FAILED_PRECONDITION');
    assert.match(error.message, reason);
    if (dir !== undefined)
      assert.deepEqual(
        (await readdir(dir)).filter((name) => name.includes('.tmp-')),
        [],
      );
    await assertUnchanged();
    assert.equal((await svc.post('/v1/insert', { ext_id: 50, vector: axis(5), answer: 'fifty' })).status, 200);
    assert.deepEqual((await svc.post('/v1/delete', { ext_id: 50 })).body, { deleted: true, ok: true });
  };

  before(async () => {
    svc = await startService();
    assertUnchanged = await seed(svc);
    await savedSet('dims4', { SVC_DIMS: '4' }, { ext_id: 7, vector: [1, 0, 0, 0], answer: 'seven' });
    await savedSet('good', {}, { ext_id: 7, vector: axis(1), answer: 'seven' });
    await savedSet('later', {}, { ext_id: 8, vector: axis(3), answer: 'eight' });
  });
  after(async () => svc?.close());

  for (const [name, mutate, reason] of SNAPSHOT_CASES) {
    it(`snapshot/load of a set with ${name}: 412`, async () => {
      const dir = path.join(svc.dataDir, 'sets', name.replace(/\W+/g, '-'));
      await cp(path.join(svc.dataDir, 'sets', 'good'), dir, { recursive: true });
      await mutate(dir);
      await assertRefused('/v1/snapshot/load', path.relative(svc.dataDir, index(dir)), reason, dir);
    });
  }

  it('snapshot/load of a set of other dims: 412 naming dims', async () => {
    await assertRefused('/v1/snapshot/load', 'sets/dims4/vcal.index', /dims 4/, path.join(svc.dataDir, 'sets', 'dims4'));
  });

  it('snapshot/load of a path that does not exist, or of a directory without a set: 412', async () => {
    await assertRefused('/v1/snapshot/load', 'sets/nowhere/vcal.index', /nowhere/);
    await mkdir(path.join(svc.dataDir, 'sets', 'empty'));
    await assertRefused('/v1/snapshot/load', 'sets/empty/vcal.index', /no snapshot/);
  });

  for (const [name, text, reason] of ANSWERS_CASES) {
    it(`answers/load of ${name}: 412`, async () => {
      const file = path.join(svc.dataDir, 'answers', `${name.replace(/\W+/g, '-')}.json`);
      await mkdir(path.dirname(file), { recursive: true });
      if (text !== undefined) await writeFile(file, text);
      await assertRefused('/v1/answers/load', path.relative(svc.dataDir, file), reason);
    });
  }

  it('answers/load of an index file: 412', async () => {
    await assertRefused('/v1/answers/load', 'sets/good/vcal.index', /JSON/);
  });
});
