/** The read side of the API: a page of events, one trace, and the NDJSON export of everything. */
import type { ServerResponse } from 'node:http';
import { AuditRequestError } from './audit-errors.js';
import { storedEventJson, type StoredEvent } from './audit-store.js';
import type { EventStore } from './event-store.js';
import { replyJsonText } from '@sluice/module-server';

export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 1000;
/** Rows read per step of an export: a bounded amount in memory whatever the table holds. */
const EXPORT_STEP = 500;

const pageJson = (rows: readonly StoredEvent[]) => `[${rows.map(storedEventJson).join(',')}]`;

/** `GET /v1/events?limit=N&after_sequence=S` → `{events, next_after_sequence}`. */
export async function eventsPage(store: EventStore, query: URLSearchParams, res: ServerResponse): Promise<void> {
  for (const name of query.keys()) {
    if (name !== 'limit' && name !== 'after_sequence') {
      throw new AuditRequestError(400, 'invalid_request', `Unknown query parameter ${JSON.stringify(name)}.`);
    }
  }
  const limit = integerParam(query, 'limit', DEFAULT_PAGE_LIMIT, 1, MAX_PAGE_LIMIT);
  const after = integerParam(query, 'after_sequence', 0, 0, Number.MAX_SAFE_INTEGER);
  const rows = await store.page(after, limit);
  const next = rows.at(-1)?.sequence ?? after;
  replyJsonText(res, 200, `{"events":${pageJson(rows)},"next_after_sequence":${next}}`);
}

/** `GET /v1/traces/{trace_id}` → `{trace_id, events}`; 404 when no event of that trace is stored. */
export async function tracePage(store: EventStore, encodedTraceId: string, res: ServerResponse): Promise<void> {
  let traceId: string;
  try {
    traceId = decodeURIComponent(encodedTraceId);
  } catch {
    throw new AuditRequestError(400, 'invalid_request', 'The trace id is not valid percent-encoding.');
  }
  const rows = await store.trace(traceId);
  if (rows.length === 0) throw new AuditRequestError(404, 'not_found', 'No events are stored for this trace.');
  replyJsonText(res, 200, `{"trace_id":${JSON.stringify(traceId)},"events":${pageJson(rows)}}`);
}

/**
 * `GET /v1/export`: every event, one JSON line each, in sequence order. Read in steps by sequence rather
 * than through one open cursor, so writes on the same connection keep working while a slow client reads.
 */
export async function exportAll(store: EventStore, res: ServerResponse, isClosed: () => boolean): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  let after = 0;
  for (;;) {
    if (isClosed() || res.destroyed) return void res.destroy();
    const rows = await store.page(after, EXPORT_STEP);
    for (const row of rows) {
      if (!res.write(`${storedEventJson(row)}\n`)) await drained(res);
    }
    const last = rows.at(-1);
    if (last === undefined || rows.length < EXPORT_STEP) break;
    after = last.sequence;
  }
  res.end();
}

function integerParam(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const text = query.get(name);
  if (text === null) return fallback;
  const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new AuditRequestError(400, 'invalid_request', `${name} must be an integer from ${min} to ${max}.`);
  }
  return value;
}

/** Resolves when the client can take more, or when it has gone (a gone client never drains). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
