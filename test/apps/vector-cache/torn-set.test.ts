import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { refusedStart } from './service-process.js';
import { startService } from './service-under-test.js';
import { listing, readSet, writeSet, type SetBytes } from './set-on-disk.js';
import { assertHoldsExactly, entryBody, type ExpectedEntry } from './store-contents.js';

describe('vector-cache: a torn or corrupt paired set refuses the start and stays on disk', () => {
  let first: SetBytes;
  let second: SetBytes;
  const expected = new Map<number, ExpectedEntry>();
  let dataDir: string;

  // Two saves of one service: save 1 with ids 1..6, save 2 after upserts, deletes and inserts.
  before(async () => {
    const svc = await startService();
    const put = async (route: string, id: number, entry: ExpectedEntry) => {
      assert.equal((await svc.post(route, entryBody(id, entry))).status, 200);
      expected.set(id, entry);
    };
    for (let id = 1; id <= 6; id++) await put('/v1/insert', id, { answer: `answer ${id}`, version: 0 });
    assert.equal((await svc.post('/v1/snapshot/save', {})).status, 200);
    first = await readSet(svc.dataDir);
    await put('/v1/upsert', 2, { answer: 'two, replaced', version: 1, prompt_tokens: 5, answer_tokens: 6 });
    await put('/v1/insert', 7, { answer: 'seven', version: 0 });
    assert.equal((await svc.post('/v1/delete', { ext_id: 4 })).status, 200);
    expected.delete(4);
    await svc.service.stop();
    second = await readSet(svc.dataDir);
    await svc.close();
  });

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sluice-vc-torn-'));
    await writeSet(dataDir, second);
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  /** The start fails with a message matching every pattern; the directory is exactly as it was. */
  async function refuses(...patterns: RegExp[]): Promise<void> {
    const before = await listing(dataDir);
    await assert.rejects(startService({}, dataDir), (error: Error) => {
      for (const pattern of patterns) assert.match(error.message, pattern);
      return true;
    });
    assert.deepEqual(await listing(dataDir), before, 'the refused start changed the data directory');
  }

  /** Once the damage is undone, every entry of save 2 is there: nothing was replaced by an empty set. */
  async function repairedStartHoldsEverything(): Promise<void> {
    await writeSet(dataDir, second);
    const svc = await startService({}, dataDir);
    try {
      await assertHoldsExactly(svc.service, expected);
    } finally {
      await svc.service.stop();
    }
  }

  for (const name of ['answers.json', 'tombstones.json'] as const) {
    it(`refuses ${name} of an older save, naming it and the snapshot id`, async () => {
      await writeFile(path.join(dataDir, name), first[name]);
      await refuses(new RegExp(`^${name.replace('.', '\\.')}: snapshot id \\w+ does not match vcal\\.index`), /torn/);
      await repairedStartHoldsEverything();
    });
  }

  it('refuses a truncated vcal.index', async () => {
    await writeFile(path.join(dataDir, 'vcal.index'), second['vcal.index'].subarray(0, second['vcal.index'].byteLength - 100));
    await refuses(/^vcal\.index: truncated/);
    await repairedStartHoldsEverything();
  });

  it('refuses a vcal.index with one bit flipped in the index bytes, by their checksum', async () => {
    const flipped = Buffer.from(second['vcal.index']);
    flipped[flipped.byteLength - 9]! ^= 0x04;
    await writeFile(path.join(dataDir, 'vcal.index'), flipped);
    await refuses(/^vcal\.index: payload checksum mismatch/);
    await repairedStartHoldsEverything();
  });

  it('refuses a set whose answers.json is missing while vcal.index is there', async () => {
    await unlink(path.join(dataDir, 'answers.json'));
    await refuses(/^answers\.json: missing, while vcal\.index and tombstones\.json exist/);
    await repairedStartHoldsEverything();
  });

  it('refuses from the command line: exit code 1 and one line naming the file', async () => {
    await unlink(path.join(dataDir, 'tombstones.json'));
    const { code, output } = await refusedStart(dataDir);
    assert.equal(code, 1);
    assert.match(output, /^sluice vector-cache: tombstones\.json: missing/m);
    assert.deepEqual((await readdir(dataDir)).sort(), ['answers.json', 'vcal.index']);
    await repairedStartHoldsEverything();
  });
});
