/**
 * Judges the whole store, as read back through the API, against the model: numbering without gaps, the
 * hash chain, the chain as last read still there unchanged, every acknowledged event once, nothing never
 * sent, each unanswered batch whole or absent, and each acknowledged range holding its batch's new events
 * in order. Then the model takes the store as its new chain.
 */
import { chainHash, GENESIS_HASH } from '@sluice/audit';
import type { StoredEventReply } from '../audit-under-test.js';
import type { AuditModel, SentBatch } from './audit-model.js';

/** A 200 answer to a batch: the range of sequences its new events were given. */
export interface BatchReply {
  readonly batch: SentBatch;
  readonly accepted: number;
  readonly first: number | null;
  readonly last: number | null;
}

/** An event as stored, without its place in the chain, in canonical JSON (keys sorted). */
function eventShape(stored: StoredEventReply): string {
  const { sequence: _s, prev_hash: _p, hash: _h, ...event } = stored;
  return canonical(event);
}

export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function chainProblems(stored: readonly StoredEventReply[]): string[] {
  const problems: string[] = [];
  let previous = GENESIS_HASH;
  for (const [i, row] of stored.entries()) {
    if (row.sequence !== i + 1) problems.push(`row ${i + 1} has sequence ${row.sequence}`);
    if (row.prev_hash !== previous) problems.push(`sequence ${row.sequence}: prev_hash is not the previous row's hash`);
    const { sequence: _s, prev_hash: _p, hash: _h, ...event } = row;
    if (row.hash !== chainHash(row.prev_hash, row.sequence, event))
      problems.push(`sequence ${row.sequence}: hash does not match`);
    previous = row.hash;
  }
  return problems;
}

function rangeProblems(reply: BatchReply, position: ReadonlyMap<string, number>, ids: readonly string[]): string[] {
  if (reply.accepted === 0 || reply.first === null || reply.last === null) return [];
  const inRange = ids.slice(reply.first - 1, reply.last);
  const batchIds = reply.batch.events.map((e) => e.event_id);
  const problems: string[] = [];
  // The range holds new events of this batch only, in the batch's order; its other events were stored before.
  const order = inRange.map((id) => batchIds.indexOf(id));
  if (order.some((at, i) => at < 0 || (i > 0 && at <= order[i - 1]!)))
    problems.push(`sequences ${reply.first}..${reply.last}, acknowledged to a batch, hold other events or another order`);
  for (const id of batchIds) {
    if ((position.get(id) ?? Infinity) > reply.last)
      problems.push(`event ${id} of a batch acknowledged up to ${reply.last} is not before it`);
  }
  return problems;
}

/** Every way `stored` breaks the model; empty when it fits. */
export function storeProblems(model: AuditModel, stored: readonly StoredEventReply[], replies: readonly BatchReply[]): string[] {
  const problems = chainProblems(stored);
  const ids = stored.map((row) => row.event_id);
  const position = new Map<string, number>();
  for (const [i, id] of ids.entries()) {
    if (position.has(id)) problems.push(`event ${id} is stored twice (sequences ${position.get(id)} and ${i + 1})`);
    else position.set(id, i + 1);
  }
  model.chain.forEach((id, i) => {
    if (ids[i] !== id) problems.push(`sequence ${i + 1} held ${id} when last read, now ${ids[i] ?? 'nothing'}`);
  });
  for (const row of stored.slice(model.chain.length)) {
    if (!model.open.has(row.event_id))
      problems.push(`sequence ${row.sequence} holds ${row.event_id}, not sent since the last read`);
  }
  for (const row of stored) {
    const sent = model.sent.get(row.event_id);
    if (sent === undefined) problems.push(`sequence ${row.sequence} holds an event never sent`);
    else if (eventShape(row) !== canonical(sent)) problems.push(`sequence ${row.sequence} is stored changed`);
  }
  for (const id of model.acknowledged) if (!position.has(id)) problems.push(`acknowledged event ${id} is missing`);
  for (const group of model.pending) {
    const present = group.filter((id) => position.has(id)).length;
    if (present !== 0 && present !== group.length)
      problems.push(`a batch that got no answer is stored in part: ${present} of ${group.length} new events`);
  }
  for (const reply of replies) problems.push(...rangeProblems(reply, position, ids));
  return problems;
}

/** After a read that fits: the store is the chain now, and nothing is pending. */
export function resolveChain(model: AuditModel, stored: readonly StoredEventReply[]): void {
  model.chain = stored.map((row) => row.event_id);
  model.pending = [];
  model.open = new Set();
}
