/**
 * Phase B of `npm run soak`: crash iterations of the vector answer cache and the audit module, taking turns,
 * for as long as the phase lasts (the iteration under way when the time is up finishes).
 */
import { auditCrashIteration, type AuditCrashOutcome } from '../apps/audit/crash-iteration.js';
import { vectorCacheCrashIteration, type VectorCacheCrashOutcome } from '../apps/vector-cache/crash-iteration.js';

export interface CrashFailure {
  readonly service: 'vector-cache' | 'audit';
  readonly seed: number;
  readonly error: string;
}

export interface CrashReport {
  readonly seconds: number;
  readonly firstSeed: number;
  readonly vectorCache: {
    readonly iterations: number;
    readonly passed: number;
    /** Kills aimed at a save's files, and kills that found a save request unanswered. */
    readonly aimedAtSave: number;
    readonly saveInFlight: number;
    readonly rolledForward: number;
    readonly writesAcknowledged: number;
    readonly tearsRefused: Readonly<Record<string, number>>;
  };
  readonly audit: {
    readonly iterations: number;
    readonly passed: number;
    readonly eventsAcknowledged: number;
    readonly batchesInFlight: number;
    readonly inFlightStoredWhole: number;
    readonly largestBatchInFlight: number;
  };
  readonly failures: readonly CrashFailure[];
}

export async function crashPhase(
  seconds: number,
  firstSeed: number,
  stopped: () => boolean,
  onIteration: (line: string) => void,
): Promise<CrashReport> {
  const vector: VectorCacheCrashOutcome[] = [];
  const audit: AuditCrashOutcome[] = [];
  const failures: CrashFailure[] = [];
  let vectorRuns = 0;
  let auditRuns = 0;
  const deadline = Date.now() + seconds * 1000;
  for (let i = 0; Date.now() < deadline && !stopped(); i++) {
    const seed = firstSeed + i;
    const service = i % 2 === 0 ? 'vector-cache' : 'audit';
    try {
      if (service === 'vector-cache') {
        vectorRuns++;
        const outcome = await vectorCacheCrashIteration(seed);
        vector.push(outcome);
        onIteration(
          `vector-cache seed ${seed}: ok, killed ${outcome.killed}, ${outcome.writesAcknowledged} writes kept, ${outcome.replayed} replayed, refused ${outcome.tearRefused}`,
        );
      } else {
        auditRuns++;
        const outcome = await auditCrashIteration(seed);
        audit.push(outcome);
        onIteration(
          `audit seed ${seed}: ok, killed after ${outcome.killedAfterMs} ms, ${outcome.eventsAcknowledged} events kept, ${outcome.batchesInFlight} batches in flight`,
        );
      }
    } catch (error) {
      failures.push({ service, seed, error: (error as Error).message });
      onIteration(`${service} seed ${seed}: FAILED ${(error as Error).message}`);
    }
  }
  const tearsRefused: Record<string, number> = {};
  for (const o of vector) tearsRefused[o.tearRefused] = (tearsRefused[o.tearRefused] ?? 0) + 1;
  return {
    seconds,
    firstSeed,
    vectorCache: {
      iterations: vectorRuns,
      passed: vector.length,
      aimedAtSave: vector.filter((o) => o.killed.startsWith('as ')).length,
      saveInFlight: vector.filter((o) => o.saveInFlight).length,
      rolledForward: vector.filter((o) => o.rolledForward).length,
      writesAcknowledged: vector.reduce((s, o) => s + o.writesAcknowledged, 0),
      tearsRefused,
    },
    audit: {
      iterations: auditRuns,
      passed: audit.length,
      eventsAcknowledged: audit.reduce((s, o) => s + o.eventsAcknowledged, 0),
      batchesInFlight: audit.reduce((s, o) => s + o.batchesInFlight, 0),
      inFlightStoredWhole: audit.reduce((s, o) => s + o.inFlightStored, 0),
      largestBatchInFlight: Math.max(0, ...audit.map((o) => o.largestInFlight)),
    },
    failures,
  };
}
