/** A real audit server on 127.0.0.1 over a real SQLite file in a temp dir, and the requests the suites send. */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evidenceEvent, type EvidenceEvent } from '@sluice/core';
import { startAuditServer, type AuditKeys, type AuditServer, type AuditServerOptions } from '@sluice/audit';

export const API_KEY = 'audit-test-key-1234';

export interface AuditUnderTest {
  readonly server: AuditServer;
  readonly url: string;
  readonly dataDir: string;
  /** Closes the server and removes the data directory. */
  dispose(): Promise<void>;
}

export async function tempDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'sluice-audit-'));
}

export async function startAudit(
  options: {
    dataDir?: string;
    maxBodyBytes?: number;
    chainKey?: string;
    keys?: AuditKeys;
    timeouts?: AuditServerOptions['timeouts'];
  } = {},
): Promise<AuditUnderTest> {
  const dataDir = options.dataDir ?? (await tempDataDir());
  const server = await startAuditServer({
    listen: '127.0.0.1:0',
    dataDir,
    apiKey: API_KEY,
    ...(options.keys === undefined ? {} : { keys: options.keys }),
    ...(options.chainKey === undefined ? {} : { chainKey: options.chainKey }),
    ...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }),
    ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
  });
  return {
    server,
    url: server.url,
    dataDir,
    dispose: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A request's worth of events: received, a cache miss, completed; all of one trace. */
export function requestEvents(traceId: string = randomUUID()): EvidenceEvent[] {
  return [
    evidenceEvent(traceId, { source: 'gateway', category: 'request', event_type: 'request.received', outcome: 'started' }),
    evidenceEvent(
      traceId,
      { source: 'gateway', category: 'cache', event_type: 'cache.lookup', outcome: 'miss' },
      { cache: { cache_type: 'exact', cache_key_hash: 'ab'.repeat(32), upstream_called: true } },
    ),
    evidenceEvent(
      traceId,
      { source: 'gateway', category: 'request', event_type: 'request.completed', outcome: 'completed' },
      { attributes: { delivery_path: 'upstream' }, upstream: { model: 'gpt-4o-mini', response_status: 200, latency_ms: 12 } },
    ),
  ];
}

export function batchBody(events: readonly unknown[]): Record<string, unknown> {
  return {
    schema_version: '1.1',
    producer: { product: 'sluice', version: '0.1.0', instance_id: 'test-1' },
    events,
  };
}

export interface Reply<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
}

export async function postBatch(url: string, body: unknown, authorization: string = `Bearer ${API_KEY}`): Promise<Reply> {
  const response = await fetch(`${url}/v1/events/batch`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json', 'x-sluice-schema-version': '1.1' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A stored event as the API returns it. */
export type StoredEventReply = EvidenceEvent & { sequence: number; prev_hash: string; hash: string };

export async function getJson<T = Record<string, unknown>>(url: string, key: string = API_KEY): Promise<Reply<T>> {
  const response = await fetch(url, { headers: { 'x-api-key': key } });
  return { status: response.status, body: (await response.json()) as T };
}

/** The chain modes of a store that was never given a chain key. */
export const UNKEYED = [{ from_sequence: 1, mode: 'sha256', key_id: null }] as const;
