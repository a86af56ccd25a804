/**
 * Posting batches: several at once, then either every answer judged and the whole store read back, or a
 * signal (SIGKILL, SIGTERM, SIGINT) sent while they are in flight, after which each batch is acknowledged
 * (its answer came first) or unanswered (all or nothing, decided by the next read).
 */
import type fc from 'fast-check';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EvidenceEvent } from '@sluice/core';
import { newIds, recordAcknowledged, recordSent, recordUnanswered, type AuditModel, type SentBatch } from './audit-model.js';
import { concreteBatches, specLabel, type BatchSpec } from './batch-specs.js';
import { resolveChain, storeProblems, type BatchReply } from './chain-judge.js';
import type { AuditReal } from './audit-real.js';
import type { PostOutcome } from './lifecycle-audit.js';

type Command = fc.AsyncCommand<AuditModel, AuditReal>;

interface InFlight {
  readonly batch: SentBatch;
  /** Events of the batch that must count as duplicates: stored or acknowledged before it was sent, or repeated in it. */
  readonly known: number;
  readonly outcome: Promise<PostOutcome>;
}

export function failure(real: AuditReal, what: string): Error {
  return new Error(`${what}\naudit module output:\n${real.audit.tail()}`);
}

function knownCount(model: AuditModel, events: readonly EvidenceEvent[]): number {
  const fresh = new Set(newIds(model, events).filter((id) => !model.acknowledged.has(id)));
  return events.length - fresh.size;
}

function send(model: AuditModel, real: AuditReal, specs: readonly BatchSpec[]): InFlight[] {
  const batches = specs.flatMap((spec) => concreteBatches(model, spec));
  return batches.map((events, i) => {
    const known = knownCount(model, events);
    if (known > 0 || model.sent.has(events[0]!.event_id)) real.tally.retries += 1;
    real.tally.batches += 1;
    const batch = recordSent(model, events);
    return { batch, known, outcome: real.audit.post(events, `producer-${i}`) };
  });
}

/** Judges every answer; with `cutOff`, a batch without one is unanswered rather than a failure. */
async function settle(model: AuditModel, real: AuditReal, inFlight: readonly InFlight[], cutOff: boolean): Promise<BatchReply[]> {
  const outcomes = await Promise.all(inFlight.map((f) => f.outcome));
  const replies: BatchReply[] = [];
  const unanswered: SentBatch[] = [];
  for (const [i, outcome] of outcomes.entries()) {
    const { batch, known } = inFlight[i]!;
    const size = batch.events.length;
    // A stop may end a connection before its answer; an answer it does send must still be a true one.
    if (!outcome.answered) {
      if (!cutOff) throw failure(real, `a batch of ${size} got no answer: ${outcome.reason}`);
      unanswered.push(batch);
      continue;
    }
    const body = outcome.body as {
      accepted: number;
      duplicates: number;
      first_sequence: number | null;
      last_sequence: number | null;
    };
    const range =
      body.accepted === 0
        ? body.first_sequence === null && body.last_sequence === null
        : body.last_sequence! - body.first_sequence! + 1 === body.accepted;
    if (outcome.status !== 200 || body.accepted + body.duplicates !== size || !range || body.accepted > size - known) {
      throw failure(
        real,
        `a batch of ${size} (${known} already stored or repeated) was answered ${outcome.status} ${JSON.stringify(body)}`,
      );
    }
    recordAcknowledged(model, batch);
    real.tally.events += body.accepted;
    replies.push({ batch, accepted: body.accepted, first: body.first_sequence, last: body.last_sequence });
  }
  // After every acknowledgement: an unanswered batch's group leaves out what another batch had acknowledged.
  for (const batch of unanswered) {
    recordUnanswered(model, batch);
    real.tally.unanswered += 1;
  }
  return replies;
}

/** Reads the whole store back, judges it against the model (and these answers), and takes it as the chain. */
export async function judgeStore(
  model: AuditModel,
  real: AuditReal,
  replies: readonly BatchReply[],
  when: string,
): Promise<number> {
  const stored = await real.audit.all();
  const problems = storeProblems(model, stored, replies);
  if (problems.length > 0) {
    throw failure(real, `${when}, the store (${stored.length} events) does not fit: ${problems.slice(0, 8).join('; ')}`);
  }
  const present = new Set(stored.map((row) => row.event_id));
  real.tally.unansweredStored += model.pending.filter((group) => present.has(group[0]!)).length;
  resolveChain(model, stored);
  return stored.length;
}

/** `ok: N events` and exit 0, with N one of `allowed`; `started` is a verify already running. */
export async function verifyStore(
  real: AuditReal,
  allowed: (count: number) => boolean,
  expected: string,
  started = real.audit.verify(),
): Promise<void> {
  const { exit, output } = await started;
  const count = /^ok: (\d+) events$/m.exec(output)?.[1];
  real.tally.verifies += 1;
  if (exit.code !== 0 || count === undefined || !allowed(Number(count))) {
    throw failure(
      real,
      `sluice audit verify ended with code ${exit.code} and printed ${JSON.stringify(output)}; expected ${expected}`,
    );
  }
}

const labels = (specs: readonly BatchSpec[]) => specs.map(specLabel).join(' ');

export class PostCommand implements Command {
  constructor(
    readonly specs: readonly BatchSpec[],
    /** Runs `sluice audit verify` on the file while the batches are written. */
    readonly verifyDuring: boolean,
  ) {}
  check = (model: Readonly<AuditModel>) => model.running;
  async run(model: AuditModel, real: AuditReal): Promise<void> {
    const before = model.chain.length;
    const inFlight = send(model, real, this.specs);
    const verifying = this.verifyDuring ? real.audit.verify() : undefined;
    const replies = await settle(model, real, inFlight, false);
    const after = await judgeStore(model, real, replies, 'after the batches');
    if (verifying !== undefined) {
      // One read transaction: it saw the chain at some moment between the step's start and its end.
      await verifyStore(real, (n) => n >= before && n <= after, `${before} to ${after} events`, verifying);
    }
  }
  toString = () => `post(${labels(this.specs)}${this.verifyDuring ? ' +verify' : ''})`;
}

/** Batches in flight, then a signal `delayMs` later: SIGKILL, or a clean stop that must exit 0. */
export class PostThenSignalCommand implements Command {
  constructor(
    readonly specs: readonly BatchSpec[],
    readonly signal: 'SIGKILL' | 'SIGTERM' | 'SIGINT',
    readonly delayMs: number,
  ) {}
  check = (model: Readonly<AuditModel>) => model.running;
  async run(model: AuditModel, real: AuditReal): Promise<void> {
    const inFlight = send(model, real, this.specs);
    await sleep(this.delayMs);
    const exit = await real.audit.stop(this.signal);
    const clean = this.signal !== 'SIGKILL';
    if (clean ? exit.code !== 0 || exit.signal !== null : exit.signal !== 'SIGKILL') {
      throw failure(real, `${this.signal} with batches in flight: the module ended with code ${exit.code} signal ${exit.signal}`);
    }
    if (clean) real.tally.cleanStops += 1;
    else real.tally.kills += 1;
    model.running = false;
    model.stoppedBy = clean ? 'clean' : 'kill';
    await settle(model, real, inFlight, true);
  }
  toString = () => `post(${labels(this.specs)})+${this.signal}@${this.delayMs}ms`;
}
