import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServiceProcess } from './service-process.js';
import { startService, type ServiceUnderTest } from './service-under-test.js';
import { assertHoldsExactly, contents, entryBody, pointFor, type ExpectedEntry } from './store-contents.js';

const BIG = 2 ** 40;
const BIGGER = 2 ** 41;
const ABOVE_32_BITS = 2 ** 33 + 7;

/** Writes a mix over HTTP and returns what must be active, and the ids that must stay hidden. */
async function writeMix(post: ServiceUnderTest['post']) {
  const expected = new Map<number, ExpectedEntry>();
  const write = async (route: 'insert' | 'upsert', id: number, entry: ExpectedEntry) => {
    const reply = await post(`/v1/${route}`, entryBody(id, entry));
    assert.equal(reply.status, 200, `${route} ${id}: ${reply.text}`);
    expected.set(id, entry);
  };
  const remove = async (id: number) => {
    assert.deepEqual((await post('/v1/delete', { ext_id: id })).body, { deleted: true, ok: true });
    expected.delete(id);
  };
  for (let id = 1; id <= 10; id++) {
    await write('insert', id, {
      answer: `answer ${id}`,
      version: 0,
      ...(id % 2 === 0 ? { prompt_tokens: id, answer_tokens: 2 * id } : {}),
    });
  }
  await write('upsert', 3, { answer: 'three, replaced', version: 1, prompt_tokens: 30, answer_tokens: 4 });
  await write('upsert', 11, { answer: 'eleven, by upsert', version: 0 });
  // hnswlib gives a new id the slot of a deleted one: 20 takes the slot of 5, which must stay deleted.
  await remove(5);
  await write('insert', 20, { answer: 'twenty, in the slot of five', version: 0 });
  await write('insert', ABOVE_32_BITS, { answer: 'above 2^32', version: 0 });
  await write('insert', BIG, { answer: 'big, to be deleted', version: 0 });
  await remove(BIG);
  await write('insert', BIGGER, { answer: 'bigger, in the slot of big', version: 0 });
  await remove(7);
  await write('insert', 7, { answer: 'seven, revived', version: 2 });
  await remove(9);
  return { expected, deleted: [5, 9, BIG] };
}

/** Everything a client can see of the cache: searches around every written vector, and qa answers. */
async function visible(svc: ServiceUnderTest, ids: readonly number[]) {
  const seen: unknown[] = [];
  for (const id of ids) {
    for (const version of [0, 1, 2]) {
      seen.push((await svc.post('/v1/search', { query: pointFor(id, version), k: 20 })).body);
      seen.push((await svc.post('/v1/qa', { query: pointFor(id, version), sim_threshold: 0.5 })).body);
    }
  }
  return seen;
}

async function assertHidden(svc: ServiceUnderTest, deleted: readonly number[]): Promise<void> {
  for (const id of deleted) {
    const hits = (await svc.post('/v1/search', { query: pointFor(id), k: 50 })).body as { hits: { id: number }[] };
    assert.ok(!hits.hits.some((hit) => hit.id === id), `deleted id ${id} is found by search`);
    assert.deepEqual((await svc.post('/v1/delete', { ext_id: id })).body, { deleted: false, ok: true }, `id ${id} is active`);
  }
}

describe('vector-cache: restart', () => {
  let svc: ServiceUnderTest | undefined;
  afterEach(async () => {
    await svc?.close();
    svc = undefined;
  });

  for (const durability of ['wal', 'snapshot'] as const) {
    it(`restores every entry and keeps deleted ids hidden (SVC_DURABILITY=${durability})`, async () => {
      svc = await startService({ SVC_DURABILITY: durability });
      const { expected, deleted } = await writeMix(svc.post);
      const ids = [...expected.keys(), ...deleted];
      const stored = await contents(svc.service);
      const seen = await visible(svc, ids);

      // Twice: the second start reads a set that was itself restored, tombstones and borrowed labels included.
      for (let round = 1; round <= 2; round++) {
        svc = await svc.restart();
        assert.deepEqual(await contents(svc.service), stored, `round ${round}: entries, answers and token counts`);
        await assertHoldsExactly(svc.service, expected);
        assert.deepEqual(await visible(svc, ids), seen, `round ${round}: search and qa results`);
        await assertHidden(svc, deleted);
        assert.match((await svc.get('/metrics')).text, new RegExp(`\\nsvc_active_ids ${expected.size}\\n`));
      }
      const again = await svc.post('/v1/insert', entryBody(ABOVE_32_BITS, { answer: 'again', version: 0 }));
      assert.equal(again.status, 409, 'an id restored active refuses a second insert');
      assert.equal((await svc.post('/v1/insert', entryBody(BIG, { answer: 'big is back', version: 3 }))).status, 200);
    });
  }

  it('replays writes acknowledged after the last save when the process was killed without its final save', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sluice-vc-'));
    try {
      const proc = await startServiceProcess(dataDir);
      const { expected, deleted } = await writeMix(proc.post);
      assert.equal((await proc.post('/v1/snapshot/save', {})).status, 200);
      const savedAnswers = await readFile(path.join(dataDir, 'answers.json'), 'utf8');

      const later = new Map<number, ExpectedEntry>([
        [2, { answer: 'two, after the save', version: 4, prompt_tokens: 7, answer_tokens: 8 }],
        [30, { answer: 'thirty, after the save', version: 0 }],
        [BIG + 1, { answer: 'big + 1, after the save', version: 0 }],
      ]);
      for (const [id, entry] of later) {
        assert.equal((await proc.post('/v1/upsert', entryBody(id, entry))).status, 200);
        expected.set(id, entry);
      }
      for (const id of [4, ABOVE_32_BITS]) {
        assert.deepEqual((await proc.post('/v1/delete', { ext_id: id })).body, { deleted: true, ok: true });
        expected.delete(id);
        deleted.push(id);
      }
      await proc.child.kill();

      assert.equal(await readFile(path.join(dataDir, 'answers.json'), 'utf8'), savedAnswers, 'no save ran after the first');
      assert.ok(
        (await readdir(dataDir)).some((name) => /^wal-\d+\.log$/.test(name)),
        'the writes are in the log',
      );
      svc = await startService({}, dataDir);
      await assertHoldsExactly(svc.service, expected);
      await assertHidden(svc, deleted);
    } finally {
      await svc?.service.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start with other SVC_DIMS, naming vcal.index and both dims, and leaves the set as it was', async () => {
    svc = await startService();
    const { expected } = await writeMix(svc.post);
    await svc.service.stop();
    const names = ['vcal.index', 'answers.json', 'tombstones.json'];
    const files = await Promise.all(names.map((name) => readFile(path.join(svc!.dataDir, name))));

    await assert.rejects(startService({ SVC_DIMS: '16' }, svc.dataDir), (error: Error) => {
      assert.match(error.message, /vcal\.index/);
      assert.match(error.message, /\b8\b/);
      assert.match(error.message, /\b16\b/);
      return true;
    });
    const after = await Promise.all(names.map((name) => readFile(path.join(svc!.dataDir, name))));
    assert.ok(
      after.every((bytes, i) => bytes.equals(files[i]!)),
      'the refused start changed the set',
    );

    svc = await startService({}, svc.dataDir);
    await assertHoldsExactly(svc.service, expected);
  });

  it('refuses other SVC_DIMS when only the log holds the writes, naming the log and both dims', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sluice-vc-'));
    try {
      const proc = await startServiceProcess(dataDir);
      const expected = new Map<number, ExpectedEntry>();
      for (let id = 1; id <= 3; id++) {
        expected.set(id, { answer: `answer ${id}`, version: 0 });
        assert.equal((await proc.post('/v1/insert', entryBody(id, expected.get(id)!))).status, 200);
      }
      await proc.child.kill();
      const files = await readdir(dataDir);
      assert.ok(
        files.every((name) => /^wal-\d+\.log$/.test(name)),
        `only the log: ${files.join(', ')}`,
      );

      await assert.rejects(startService({ SVC_DIMS: '16' }, dataDir), (error: Error) => {
        assert.match(error.message, /write-ahead log/);
        assert.match(error.message, /\b8\b/);
        assert.match(error.message, /\b16\b/);
        return true;
      });
      assert.deepEqual(await readdir(dataDir), files);
      // A start in snapshot mode still replays a log an earlier wal run left.
      svc = await startService({ SVC_DURABILITY: 'snapshot' }, dataDir);
      await assertHoldsExactly(svc.service, expected);
    } finally {
      await svc?.service.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
