/**
 * Several producers posting evidence batches to an audit module at once: new batches (now and then a large
 * one), retries of acknowledged ones and batches that mix both. Each batch is remembered with what the
 * module answered, or as in flight when the module died first, so a restart can be judged event by event.
 */
import { randomUUID } from 'node:crypto';
import type { EvidenceEvent } from '@sluice/core';
import { batchBody, postBatch, requestEvents, type StoredEventReply } from './audit-under-test.js';

interface SentBatch {
  readonly events: readonly EvidenceEvent[];
  /** The events of this batch that no earlier batch carried: what the module must store for it. */
  readonly fresh: readonly EvidenceEvent[];
  /** The sequences the module gave `fresh`, once it answered. */
  range?: { readonly first: number; readonly last: number };
}

/** Events as stored carry their place in the chain; without it they must equal what was sent. */
function sentShape(stored: StoredEventReply): string {
  const { sequence: _s, prev_hash: _p, hash: _h, ...event } = stored;
  return canonical(event);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * @example
 * const load = new BatchLoad(url, 6, seededRandom(7));
 * const running = load.run();
 * // … kill the module …
 * await running;
 * load.judge(await allEvents(restartedUrl)); // [] when every acknowledged event is there
 */
export class BatchLoad {
  readonly acknowledged: SentBatch[] = [];
  readonly inFlight: SentBatch[] = [];
  /** Answers no correct module gives (a retry stored twice, a gap in the numbering); any one fails. */
  readonly unexpected: string[] = [];
  eventsAcknowledged = 0;
  #stopped = false;

  /** With several module URLs, writer `w` posts to `url[w % url.length]`. */
  constructor(
    readonly url: string | readonly string[],
    readonly writers: number,
    readonly random: () => number,
  ) {}

  /** Runs every writer until `stop()` or a transport failure; never rejects. */
  async run(): Promise<void> {
    this.#stopped = false;
    await Promise.all(Array.from({ length: this.writers }, (_, w) => this.#writer(`writer-${w}`)));
  }

  stop(): void {
    this.#stopped = true;
  }

  /** Every way the stored events differ from what the acknowledged and in-flight batches allow. */
  judge(stored: readonly StoredEventReply[]): string[] {
    const problems: string[] = [];
    const byId = new Map(stored.map((event) => [event.event_id, event]));
    const sent = new Set([...this.acknowledged, ...this.inFlight].flatMap((batch) => batch.fresh.map((e) => e.event_id)));
    stored.forEach((event, i) => {
      if (event.sequence !== i + 1) problems.push(`sequence ${i + 1} is missing (the next stored is ${event.sequence})`);
      if (!sent.has(event.event_id)) problems.push(`sequence ${event.sequence} holds an event never sent`);
    });
    for (const batch of this.acknowledged) {
      batch.fresh.forEach((event, i) => {
        const found = byId.get(event.event_id);
        if (found === undefined) problems.push(`acknowledged event ${event.event_id} is missing`);
        else if (found.sequence !== batch.range!.first + i)
          problems.push(`event ${event.event_id} is at ${found.sequence}, acknowledged at ${batch.range!.first + i}`);
        else if (sentShape(found) !== canonical(event)) problems.push(`event ${event.event_id} is stored changed`);
      });
    }
    // A batch the kill cut short is one transaction: all of it or none of it.
    for (const batch of this.inFlight) {
      const present = batch.fresh.filter((event) => byId.has(event.event_id)).length;
      if (present !== 0 && present !== batch.fresh.length)
        problems.push(`a batch in flight is stored in part: ${present} of ${batch.fresh.length} events`);
      for (const event of batch.fresh) {
        const found = byId.get(event.event_id);
        if (found !== undefined && sentShape(found) !== canonical(event))
          problems.push(`event ${event.event_id} is stored changed`);
      }
    }
    return problems;
  }

  /** The next batch a writer sends: mostly new events, sometimes a retry, sometimes new events with a retried one. */
  #nextBatch(): SentBatch {
    const roll = this.random();
    const done = this.acknowledged;
    if (roll < 0.1 && done.length > 0) {
      const retried = done[Math.floor(this.random() * done.length)]!;
      return { events: retried.events, fresh: [] };
    }
    // One batch in twenty is large, so some kills land inside a long transaction.
    const traces = roll < 0.15 ? 100 + Math.floor(this.random() * 230) : 1 + Math.floor(this.random() * 12);
    const fresh = Array.from({ length: traces }, () => requestEvents(randomUUID())).flat();
    if (roll < 0.2 && done.length > 0) {
      const old = done[Math.floor(this.random() * done.length)]!.events[0]!;
      return { events: [...fresh.slice(0, 1), old, ...fresh.slice(1)], fresh };
    }
    return { events: fresh, fresh };
  }

  #urlOf(instance: string): string {
    if (typeof this.url === 'string') return this.url;
    return this.url[Number(instance.slice('writer-'.length)) % this.url.length]!;
  }

  async #writer(instance: string): Promise<void> {
    while (!this.#stopped) {
      const batch = this.#nextBatch();
      this.inFlight.push(batch);
      let reply;
      try {
        reply = await postBatch(this.#urlOf(instance), {
          ...batchBody(batch.events),
          producer: { product: 'sluice', version: '0.1.0', instance_id: instance },
        });
      } catch {
        return; // the module is gone: this batch stays in flight
      }
      this.inFlight.splice(this.inFlight.indexOf(batch), 1);
      const body = reply.body as {
        accepted: number;
        duplicates: number;
        first_sequence: number | null;
        last_sequence: number | null;
      };
      const accepted = batch.fresh.length;
      const fits =
        reply.status === 200 &&
        body.accepted === accepted &&
        body.duplicates === batch.events.length - accepted &&
        (accepted === 0
          ? body.first_sequence === null && body.last_sequence === null
          : body.first_sequence !== null && body.last_sequence === body.first_sequence + accepted - 1);
      if (!fits) {
        this.unexpected.push(`batch of ${batch.events.length} (${accepted} new): ${reply.status} ${JSON.stringify(reply.body)}`);
        return;
      }
      if (accepted > 0) {
        batch.range = { first: body.first_sequence!, last: body.last_sequence! };
        this.acknowledged.push(batch);
        this.eventsAcknowledged += accepted;
      }
    }
  }
}
