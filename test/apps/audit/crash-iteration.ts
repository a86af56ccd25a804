/**
 * One crash iteration of the audit module, for the CI suite and `npm run soak`: `sluice audit` as a process
 * under several producers' batches, SIGKILLed at a moment drawn from the seed, its chain verified on the file
 * the crash left, then restarted on the same directory and judged. Throws, naming the seed, when a check fails.
 */
import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { verifyAuditChain } from '@sluice/audit';
import { within } from '../vector-cache/within.js';
import { seededRandom } from '../vector-cache/write-load.js';
import { startAuditProcess, allEvents, type AuditProcess } from './audit-process.js';
import { batchBody, postBatch, requestEvents, tempDataDir } from './audit-under-test.js';
import { BatchLoad } from './batch-load.js';

const WRITERS = 6;

export interface AuditCrashOutcome {
  readonly seed: number;
  readonly killedAfterMs: number;
  readonly batchesAcknowledged: number;
  readonly eventsAcknowledged: number;
  readonly batchesInFlight: number;
  /** Events of the largest batch in flight at the kill. */
  readonly largestInFlight: number;
  /** Batches in flight at the kill that were stored (whole) nonetheless. */
  readonly inFlightStored: number;
  /** Events in the chain after the restart, as read through the API. */
  readonly stored: number;
}

function check(ok: boolean, seed: number, what: string): asserts ok {
  if (!ok) throw new Error(`audit crash iteration, seed ${seed}: ${what}`);
}

/** `verifyAuditChain`, with a verdict that fails the iteration when the chain does not hold `events` events. */
function chainHolds(dataDir: string, events: number, seed: number, when: string): void {
  const verdict = verifyAuditChain(dataDir);
  check(verdict.ok, seed, `the chain ${when} does not verify: ${JSON.stringify(verdict)}`);
  check(verdict.events === events, seed, `the chain ${when} holds ${verdict.events} events, expected ${events}`);
}

/** Runs one iteration in its own temp directory, which it removes, with every process it started gone. */
export async function auditCrashIteration(seed: number): Promise<AuditCrashOutcome> {
  const random = seededRandom(seed);
  const delay = Math.floor(random() * 1200);
  const dataDir = await tempDataDir();
  let proc: AuditProcess | undefined;
  try {
    proc = await startAuditProcess(dataDir);
    const load = new BatchLoad(proc.url, WRITERS, random);
    const running = load.run();
    for (const deadline = Date.now() + 10_000; load.eventsAcknowledged < 50; await sleep(10)) {
      check(Date.now() < deadline, seed, `${load.eventsAcknowledged} events acknowledged in 10 s; ${load.unexpected.join('; ')}`);
    }
    await sleep(delay);
    proc.child.signal('SIGKILL');
    check((await within(proc.child.exited, 10_000, 'the kill')).signal === 'SIGKILL', seed, 'the module was not killed');
    await within(running, 10_000, 'the load after the kill');
    check(load.unexpected.length === 0, seed, `answers before the kill: ${load.unexpected.join('; ')}`);
    const inFlight = [...load.inFlight];

    // The file as the crash left it, read directly (as `sluice audit verify` does), before any restart.
    const afterCrash = verifyAuditChain(dataDir);
    check(afterCrash.ok, seed, `the chain left by the crash does not verify: ${JSON.stringify(afterCrash)}`);

    proc = await startAuditProcess(dataDir);
    const stored = await allEvents(proc.url);
    const context = `${load.eventsAcknowledged} events acknowledged, ${inFlight.length} batches in flight, killed after ${delay} ms`;
    const problems = load.judge(stored);
    check(problems.length === 0, seed, `${context}: ${problems.slice(0, 10).join('; ')}`);
    check(afterCrash.events === stored.length, seed, `verify saw ${afterCrash.events} events, the restart ${stored.length}`);

    // The chain goes on from the stored head, and a retry from before the kill is still known.
    const next = await postBatch(proc.url, batchBody(requestEvents()));
    check(
      next.status === 200 && next.body.first_sequence === stored.length + 1,
      seed,
      `after the restart: ${JSON.stringify(next.body)}`,
    );
    const retried = load.acknowledged.at(-1);
    if (retried !== undefined) {
      const again = await postBatch(proc.url, batchBody(retried.events));
      check(again.body.accepted === 0, seed, `a retry after the restart was stored again: ${JSON.stringify(again.body)}`);
    }
    proc.child.signal('SIGTERM');
    const exit = await within(proc.child.exited, 10_000, 'the stop');
    check(exit.code === 0, seed, `SIGTERM ended the module with ${JSON.stringify(exit)}`);
    chainHolds(dataDir, stored.length + 3, seed, 'after the restart');

    const storedIds = new Set(stored.map((event) => event.event_id));
    return {
      seed,
      killedAfterMs: delay,
      batchesAcknowledged: load.acknowledged.length,
      eventsAcknowledged: load.eventsAcknowledged,
      batchesInFlight: inFlight.length,
      largestInFlight: Math.max(0, ...inFlight.map((batch) => batch.fresh.length)),
      inFlightStored: inFlight.filter((batch) => batch.fresh.length > 0 && storedIds.has(batch.fresh[0]!.event_id)).length,
      stored: stored.length,
    };
  } finally {
    await proc?.child.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
}
