/**
 * One crash iteration of the vector answer cache, for the CI suite and `npm run soak`: the service as a
 * process under inserts, upserts, deletes and snapshot saves, SIGKILLed at a moment drawn from the seed
 * (in some iterations as a save writes or renames a file of the set), then restarted on the same directory
 * and judged. Throws, naming the seed, when any check fails.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadPairedSet } from '@sluice/vector-store';
import { pino } from 'pino';
import { killDuringSave, momentName, SAVE_MOMENTS, SaveLoop, warmedUp } from './crash-moments.js';
import { startServiceProcess, type ServiceProcess } from './service-process.js';
import { DIMS, startService, type ServiceUnderTest } from './service-under-test.js';
import { copyWithoutLog, listing, readSet, snapshotIds, tempFiles, TEARS, writeSet, type SetBytes } from './set-on-disk.js';
import { contents, type StoredEntry } from './store-contents.js';
import { within } from './within.js';
import { seededRandom, WriteLoad } from './write-load.js';

const CLIENTS = 16;

export interface VectorCacheCrashOutcome {
  readonly seed: number;
  /** `after N ms`, or `as <file> appeared` for a kill aimed at a save. */
  readonly killed: string;
  /** A `/v1/snapshot/save` was sent and not answered when the kill came. */
  readonly saveInFlight: boolean;
  readonly writesAcknowledged: number;
  readonly writesInFlight: number;
  readonly savesAcknowledged: number;
  /** The snapshot id of the set the restart settled on (`none` before the first save). */
  readonly loadedSet: string;
  /** The restart completed a save that the kill cut between its renames. */
  readonly rolledForward: boolean;
  /** Write-ahead log records the restart replayed over that set. */
  readonly replayed: number;
  readonly entries: number;
  /** The set torn on purpose afterwards, which the start refused. */
  readonly tearRefused: string;
}

/** Fails the iteration with what went wrong and the seed that replays it. */
function check(ok: boolean, seed: number, what: string): asserts ok {
  if (!ok) throw new Error(`vector-cache crash iteration, seed ${seed}: ${what}`);
}

/** A silent logger that keeps its JSON lines, to read what a start reported. */
function recordingLogger(lines: Record<string, unknown>[]) {
  return pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
}

function sameEntries(a: readonly StoredEntry[], b: readonly StoredEntry[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Runs one iteration in its own temp directories, which it removes, with every process it started gone. */
export async function vectorCacheCrashIteration(seed: number): Promise<VectorCacheCrashOutcome> {
  // Every choice is drawn before the load starts, so the seed replays them whatever the timing.
  const random = seededRandom(seed);
  const aimAtSave = random() < 0.4;
  const delay = Math.floor(random() * 1200);
  const moment = SAVE_MOMENTS[Math.floor(random() * SAVE_MOMENTS.length)]!;
  const tearDraw = random();
  const cut = 0.1 + 0.8 * random();

  const dataDir = await mkdtemp(path.join(tmpdir(), 'sluice-vc-crash-'));
  const crashCopy = await mkdtemp(path.join(tmpdir(), 'sluice-vc-crash-copy-'));
  let proc: ServiceProcess | undefined;
  let svc: ServiceUnderTest | undefined;
  try {
    proc = await startServiceProcess(dataDir, { SVC_DURABILITY: 'wal', SVC_AUTOSAVE_SECS: aimAtSave ? '1' : '0' });
    const load = new WriteLoad(proc.url, CLIENTS, random);
    const saves = new SaveLoop(proc.url, load.unexpected, aimAtSave ? () => 0 : () => 50 + Math.floor(random() * 250));
    const running = Promise.all([load.run(), saves.run()]);
    await warmedUp(load);
    await sleep(delay);
    if (aimAtSave) await killDuringSave(dataDir, proc.child, moment);
    else proc.child.signal('SIGKILL');
    const saveInFlight = saves.inFlight;
    check((await within(proc.child.exited, 10_000, 'the kill')).signal === 'SIGKILL', seed, 'the service was not killed');
    await within(running, 10_000, 'the load after the kill');
    check(load.unexpected.length === 0, seed, `answers before the kill: ${load.unexpected.join('; ')}`);
    const killed = aimAtSave ? `as ${momentName(moment)}` : `after ${delay} ms`;

    // The set alone, as the crash left it: the start's own load must take it (never refuse it, never
    // take a mix of two saves), and every entry in it must be one whole write.
    await copyWithoutLog(dataDir, crashCopy);
    const settled = await loadPairedSet({ dir: crashCopy, dims: DIMS, metric: 'cosine' }).catch((error: Error) => {
      throw new Error(`vector-cache crash iteration, seed ${seed}: the set the crash left is refused: ${error.message}`);
    });
    if (settled !== undefined) await rm(settled.payloadFile, { force: true });
    const crashSet = settled === undefined ? undefined : await readSet(crashCopy);
    if (settled !== undefined) {
      const alone = await startService({ SVC_DURABILITY: 'snapshot' }, crashCopy);
      const problems = (await contents(alone.service)).map((entry) => load.notOneWrite(entry)).filter((p) => p !== undefined);
      await alone.service.stop();
      check(problems.length === 0, seed, `the set left by the crash: ${problems.join('; ')}`);
    }

    // The restart over the same directory: the set, then the log; every acknowledged write, no other.
    const logs: Record<string, unknown>[] = [];
    svc = await startService({ SVC_DURABILITY: 'wal' }, dataDir, recordingLogger(logs));
    const restored = logs.find((line) => line.msg === 'vector store restored') as
      { vectors: number; replayed: number } | undefined;
    check(restored !== undefined, seed, 'no "vector store restored" line');
    check((await tempFiles(dataDir)).length === 0, seed, `temp files left: ${(await tempFiles(dataDir)).join(', ')}`);
    const ids = await snapshotIds(dataDir);
    const onDisk = new Set(Object.values(ids));
    check(onDisk.size === 1, seed, `the set after the restart is not whole: ${JSON.stringify(ids)}`);
    if (restored.replayed === 0 && settled !== undefined) {
      check(
        onDisk.has(settled.snapshotId),
        seed,
        `the restart holds set ${[...onDisk][0]}, the crash left ${settled.snapshotId}`,
      );
    }
    const stored = await contents(svc.service);
    check(restored.vectors === stored.length, seed, `restored ${restored.vectors} vectors, the store holds ${stored.length}`);
    const problems = load.judge(stored);
    const context = `${load.acknowledged} writes acknowledged, ${load.inFlight} in flight, killed ${killed}`;
    check(problems.length === 0, seed, `${context}: ${problems.join('; ')}`);
    const after = await svc.post('/v1/upsert', { ext_id: 1, vector: [1, 0, 0, 0, 0, 0, 0, 0], answer: 'after' });
    check(after.status === 200, seed, `a write after the restart answered ${after.status} ${after.text}`);
    const final = await contents(svc.service);
    await svc.service.stop();
    svc = undefined;

    const tearRefused = await refuseTornSet(dataDir, crashSet, tearDraw, cut, seed);
    const repaired = await startService({}, dataDir);
    const again = await contents(repaired.service);
    await repaired.service.stop();
    check(sameEntries(again, final), seed, 'the set put back after the refused start does not hold what was saved');

    return {
      seed,
      killed,
      saveInFlight,
      writesAcknowledged: load.acknowledged,
      writesInFlight: load.inFlight,
      savesAcknowledged: saves.saved,
      loadedSet: settled?.snapshotId ?? 'none',
      rolledForward: settled?.rolledForward !== undefined,
      replayed: restored.replayed,
      entries: stored.length,
      tearRefused,
    };
  } finally {
    await proc?.child.kill();
    await svc?.service.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(crashCopy, { recursive: true, force: true });
  }
}

/**
 * Tears the whole set in `dataDir` the way the draw says, checks that a start refuses it naming the file
 * and leaves the directory as it was, then puts the whole set back.
 */
async function refuseTornSet(
  dataDir: string,
  other: SetBytes | undefined,
  draw: number,
  cut: number,
  seed: number,
): Promise<string> {
  const tears = TEARS.filter((tear) => other !== undefined || tear.needsOther !== true);
  const tear = tears[Math.floor(draw * tears.length)]!;
  const good = await readSet(dataDir);
  await tear.apply(dataDir, good, other, cut);
  const before = await listing(dataDir);
  const refusal = await startService({}, dataDir).then(
    async (started) => {
      await started.service.stop();
      return undefined;
    },
    (error: Error) => error.message,
  );
  check(refusal !== undefined, seed, `a start took the set with ${tear.name}`);
  check(tear.refusal.test(refusal), seed, `${tear.name} was refused with "${refusal}"`);
  const after = await listing(dataDir);
  const unchanged = before.size === after.size && [...before].every(([name, bytes]) => after.get(name)?.equals(bytes) === true);
  check(unchanged, seed, `the refused start with ${tear.name} changed the data directory`);
  await writeSet(dataDir, good);
  return tear.name;
}
