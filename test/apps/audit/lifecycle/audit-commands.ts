/**
 * The module's life and its read side: start (the store read back and judged, deciding what a kill left
 * unanswered), clean stop, SIGKILL, restarts, ordered reads in pages, by trace and as an export, and
 * `sluice audit verify` on the file, running or stopped.
 */
import type fc from 'fast-check';
import type { AuditModel } from './audit-model.js';
import { possibleCounts } from './audit-model.js';
import type { AuditReal } from './audit-real.js';
import { failure, judgeStore, verifyStore } from './post-commands.js';
import type { StoredEventReply } from '../audit-under-test.js';

type Command = fc.AsyncCommand<AuditModel, AuditReal>;

export async function startAudit(model: AuditModel, real: AuditReal): Promise<void> {
  await real.audit.start().catch((error: unknown) => {
    throw failure(real, `the module did not start: ${(error as Error).message}`);
  });
  model.running = true;
  await judgeStore(model, real, [], `after a start (${model.stoppedBy === 'kill' ? 'after SIGKILL' : 'after a clean stop'})`);
}

export async function stopAudit(model: AuditModel, real: AuditReal, signal: 'SIGTERM' | 'SIGINT' | 'SIGKILL'): Promise<void> {
  const exit = await real.audit.stop(signal);
  const clean = signal !== 'SIGKILL';
  if (clean ? exit.code !== 0 || exit.signal !== null : exit.signal !== 'SIGKILL') {
    throw failure(real, `${signal}: the module ended with code ${exit.code} signal ${exit.signal}`);
  }
  if (clean) real.tally.cleanStops += 1;
  else real.tally.kills += 1;
  model.running = false;
  model.stoppedBy = clean ? 'clean' : 'kill';
}

export class StartCommand implements Command {
  check = (model: Readonly<AuditModel>) => !model.running;
  run = startAudit;
  toString = () => 'start';
}

export class StopCommand implements Command {
  constructor(readonly signal: 'SIGTERM' | 'SIGINT' | 'SIGKILL') {}
  check = (model: Readonly<AuditModel>) => model.running;
  run = (model: AuditModel, real: AuditReal) => stopAudit(model, real, this.signal);
  toString = () => (this.signal === 'SIGKILL' ? 'kill' : `stop(${this.signal})`);
}

export class RestartCommand implements Command {
  constructor(readonly signal: 'SIGTERM' | 'SIGINT' | 'SIGKILL') {}
  check = (model: Readonly<AuditModel>) => model.running;
  async run(model: AuditModel, real: AuditReal): Promise<void> {
    await stopAudit(model, real, this.signal);
    await startAudit(model, real);
  }
  toString = () => (this.signal === 'SIGKILL' ? 'kill+start' : `restart(${this.signal})`);
}

/** `sluice audit verify`: running, the chain exactly; stopped, the chain and any choice of unanswered batches. */
export class VerifyCommand implements Command {
  check = () => true;
  async run(model: AuditModel, real: AuditReal): Promise<void> {
    const counts = possibleCounts(model);
    await verifyStore(real, (n) => counts.has(n), `one of ${[...counts].join(', ')} events`);
  }
  toString = () => 'verify';
}

export interface ReadPlan {
  readonly via: 'pages' | 'export' | 'trace';
  readonly limit: number;
  /** Where to start, in percent of the chain. */
  readonly fromPercent: number;
}

function sameEvents(got: readonly StoredEventReply[], expected: readonly string[], what: string): string | undefined {
  const ids = got.map((e) => e.event_id);
  if (ids.length !== expected.length || ids.some((id, i) => id !== expected[i]))
    return `${what}: ${ids.length} events, expected ${expected.length} (first difference at ${ids.findIndex((id, i) => id !== expected[i])})`;
  return undefined;
}

/** Ordered reads, compared with the chain the model holds (read back after the last step). */
export class ReadCommand implements Command {
  constructor(readonly plan: ReadPlan) {}
  check = (model: Readonly<AuditModel>) => model.running;
  async run(model: AuditModel, real: AuditReal): Promise<void> {
    real.tally.reads += 1;
    const chain = model.chain;
    const after = Math.floor((this.plan.fromPercent / 100) * chain.length);
    let problem: string | undefined;
    if (this.plan.via === 'pages') {
      const pages = await real.audit.pages(this.plan.limit, after);
      const events = pages.flatMap((p) => p.events);
      problem = sameEvents(events, chain.slice(after), `pages of ${this.plan.limit} after ${after}`);
      const short = pages.slice(0, -2).find((p) => p.events.length !== this.plan.limit);
      if (problem === undefined && short !== undefined)
        problem = `a page before the last held ${short.events.length} of ${this.plan.limit}`;
      const next = pages.find((p) => p.next_after_sequence !== (p.events.at(-1)?.sequence ?? p.next_after_sequence));
      if (problem === undefined && next !== undefined)
        problem = `next_after_sequence ${next.next_after_sequence} is not the page's last`;
    } else if (this.plan.via === 'export') {
      problem = sameEvents(await real.audit.export(), chain, '/v1/export');
    } else if (chain.length > 0) {
      const traceId = model.sent.get(chain[after === chain.length ? after - 1 : after]!)!.trace_id;
      const trace = await real.audit.getJson<{ events: StoredEventReply[] }>(`/v1/traces/${encodeURIComponent(traceId)}`);
      const expected = chain.filter((id) => model.sent.get(id)!.trace_id === traceId);
      problem =
        trace.status !== 200
          ? `/v1/traces answered ${trace.status}`
          : sameEvents(trace.body.events, expected, `trace ${traceId}`);
    }
    if (problem !== undefined) throw failure(real, `read: ${problem}`);
  }
  toString = () =>
    `read(${this.plan.via}${this.plan.via === 'pages' ? ` limit ${this.plan.limit}` : ''} from ${this.plan.fromPercent}%)`;
}
