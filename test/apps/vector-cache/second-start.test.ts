/**
 * Sequences across two and three process lifetimes, each through the real service with real signals:
 * a clean stop, a start, writes, a SIGKILL. Each test failed before its fix.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServiceProcess, type ServiceProcess } from './service-process.js';
import { entryBody, pointFor } from './store-contents.js';

/** A clean stop: SIGTERM, then the exit code, which must be 0 (no crash at shutdown). */
async function stopCleanly(proc: ServiceProcess): Promise<void> {
  proc.child.signal('SIGTERM');
  const exit = await proc.child.exited;
  assert.deepEqual(exit, { code: 0, signal: null }, `clean stop; output:\n${proc.child.lines.join('\n')}`);
}

async function insert(proc: ServiceProcess, id: number): Promise<void> {
  const reply = await proc.post('/v1/insert', entryBody(id, { answer: `answer ${id}`, version: 0 }));
  assert.equal(reply.status, 200, `insert ${id}: ${reply.text}`);
}

/** The answer qa gives for the vector of `id`, or null. */
async function answerOf(proc: ServiceProcess, id: number): Promise<string | null> {
  const reply = await proc.post('/v1/qa', { query: pointFor(id), sim_threshold: 0.999 });
  assert.equal(reply.status, 200, reply.text);
  const body = reply.body as { hit: boolean; id: number | null; answer: string | null };
  return body.hit && body.id === id ? body.answer : null;
}

describe('vector-cache: a second start, then a crash', function () {
  this.timeout(60_000);
  let dataDir: string;
  let proc: ServiceProcess | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sluice-vc-second-start-'));
  });
  afterEach(async () => {
    await proc?.child.kill();
    proc = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps a write and a delete made after a clean restart through a SIGKILL', async () => {
    proc = await startServiceProcess(dataDir);
    await insert(proc, 1);
    await insert(proc, 2);
    await stopCleanly(proc);

    proc = await startServiceProcess(dataDir);
    await insert(proc, 3);
    assert.deepEqual((await proc.post('/v1/delete', { ext_id: 1 })).body, { deleted: true, ok: true });
    await proc.child.kill();

    proc = await startServiceProcess(dataDir);
    assert.equal(await answerOf(proc, 3), 'answer 3', 'the write acknowledged before the kill');
    assert.equal(await answerOf(proc, 1), null, 'the delete acknowledged before the kill');
    assert.equal(await answerOf(proc, 2), 'answer 2');
  });

  it('keeps every write made after an idle autosave through a SIGKILL', async () => {
    proc = await startServiceProcess(dataDir, { SVC_AUTOSAVE_SECS: '1' });
    await insert(proc, 1);
    await stopCleanly(proc);

    proc = await startServiceProcess(dataDir, { SVC_AUTOSAVE_SECS: '1' });
    await sleep(2_500); // two autosave ticks with nothing written
    for (let id = 10; id < 20; id++) await insert(proc, id);
    await proc.child.kill();

    proc = await startServiceProcess(dataDir);
    for (let id = 10; id < 20; id++) assert.equal(await answerOf(proc, id), `answer ${id}`, `id ${id}`);
    assert.equal(await answerOf(proc, 1), 'answer 1');
  });

  it('stores and answers after restarting from an empty saved set, and stops with exit code 0', async () => {
    proc = await startServiceProcess(dataDir);
    await stopCleanly(proc);

    proc = await startServiceProcess(dataDir);
    // Past the initial capacity, so the index grows from what was read.
    for (let id = 0; id < 1100; id++) await insert(proc, id);
    assert.equal(await answerOf(proc, 1099), 'answer 1099');
    await stopCleanly(proc);

    proc = await startServiceProcess(dataDir);
    assert.equal(await answerOf(proc, 0), 'answer 0');
    assert.equal(await answerOf(proc, 1099), 'answer 1099');
    await stopCleanly(proc);
  });

  it('starts after an idle autosave of an empty set, writes and a SIGKILL', async () => {
    proc = await startServiceProcess(dataDir, { SVC_AUTOSAVE_SECS: '1' });
    await sleep(1_500);
    await insert(proc, 5);
    await insert(proc, 6);
    await proc.child.kill();

    proc = await startServiceProcess(dataDir, { SVC_AUTOSAVE_SECS: '1' });
    assert.equal(await answerOf(proc, 5), 'answer 5');
    await sleep(1_500); // an idle autosave of what was replayed
    await insert(proc, 7);
    await proc.child.kill();

    proc = await startServiceProcess(dataDir);
    for (const id of [5, 6, 7]) assert.equal(await answerOf(proc, id), `answer ${id}`, `id ${id}`);
    await stopCleanly(proc);
  });
});
