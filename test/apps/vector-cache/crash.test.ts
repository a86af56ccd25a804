import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { killDuringSave, SAVE_MOMENTS, warmedUp } from './crash-moments.js';
import { startServiceProcess, type ServiceProcess } from './service-process.js';
import { startService, type ServiceUnderTest } from './service-under-test.js';
import { contents, differences } from './store-contents.js';
import { seededRandom, WriteLoad } from './write-load.js';

/** `CRASH_SEED` replays a run. Kills under SVC_DURABILITY=wal are crash-iterations.test.ts. */
const SEED = Number(process.env.CRASH_SEED ?? randomInt(2 ** 31));
const CLIENTS = 16;

/** Runs the load for `ms`, then lets every write finish: afterwards nothing is in flight. */
async function loadFor(load: WriteLoad, ms: number): Promise<void> {
  const running = load.run();
  await sleep(ms);
  load.stop();
  await running;
  assert.deepEqual(load.unexpected, []);
  assert.equal(load.inFlight, 0);
}

describe('vector-cache: SIGKILL under a concurrent write load (SVC_DURABILITY=snapshot)', function () {
  this.timeout(30_000);
  let dataDir: string;
  let proc: ServiceProcess | undefined;
  let svc: ServiceUnderTest | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sluice-vc-crash-'));
  });
  afterEach(async () => {
    await proc?.child.kill();
    await svc?.service.stop();
    proc = svc = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The restarted service, after checking the data directory holds no temp file of a save. */
  async function restart(durability: 'wal' | 'snapshot'): Promise<ServiceUnderTest> {
    svc = await startService({ SVC_DURABILITY: durability }, dataDir);
    assert.deepEqual(
      (await readdir(dataDir)).filter((name) => name.startsWith('.')),
      [],
      'temp files left behind',
    );
    return svc;
  }

  // With SVC_DURABILITY=snapshot writes are acknowledged before anything is on disk: a crash loses every
  // write since the last complete save. That is the mode's promise, not a fault; a torn set would be one.
  it(`restarts on the last complete save, losing the writes after it by design (SVC_DURABILITY=snapshot, seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    proc = await startServiceProcess(dataDir, { SVC_DURABILITY: 'snapshot' });
    const load = new WriteLoad(proc.url, CLIENTS, random);
    await loadFor(load, 200 + Math.floor(random() * 400));
    assert.equal((await proc.post('/v1/snapshot/save', {})).status, 200);
    const saved = load.acknowledgedEntries();

    const running = load.run();
    await warmedUp(load);
    await sleep(Math.floor(random() * 600));
    proc.child.signal('SIGKILL');
    await Promise.all([proc.child.exited, running]);
    assert.deepEqual(load.unexpected, []);

    const restarted = await restart('snapshot');
    assert.deepEqual(differences(await contents(restarted.service), saved), [], `seed ${SEED}`);
  });

  it(`restarts on one whole set when killed during a save, never on a torn one (SVC_DURABILITY=snapshot, seed ${SEED + 1})`, async () => {
    const random = seededRandom(SEED + 1);
    proc = await startServiceProcess(dataDir, { SVC_DURABILITY: 'snapshot' });
    const load = new WriteLoad(proc.url, CLIENTS, random);
    await loadFor(load, 200 + Math.floor(random() * 300));
    assert.equal((await proc.post('/v1/snapshot/save', {})).status, 200);
    const first = load.acknowledgedEntries();
    await loadFor(load, 200 + Math.floor(random() * 300));
    const second = load.acknowledgedEntries();

    const moment = SAVE_MOMENTS[Math.floor(random() * SAVE_MOMENTS.length)]!;
    const killed = killDuringSave(dataDir, proc.child, moment);
    const save = proc.post('/v1/snapshot/save', {}).catch(() => undefined);
    await Promise.all([killed, save, proc.child.exited]);

    const stored = await contents((await restart('snapshot')).service);
    const asFirst = differences(stored, first);
    const asSecond = differences(stored, second);
    assert.ok(
      asFirst.length === 0 || asSecond.length === 0,
      `seed ${SEED + 1}, killed at ${moment}: neither save; ${asSecond.join('; ')}`,
    );
  });
});
