/**
 * The event store the audit server talks to, whichever engine holds it: the SQLite file of a data
 * directory (the default) or a PostgreSQL database that several module processes share.
 */
import type { EvidenceEvent } from '@sluice/core';
import { maskUrl } from '@sluice/util';
import type { AppendResult, AuditStore, StoredEvent } from './audit-store.js';
import type { ChainSegment } from './chain-modes.js';

/** What both stores do; asynchronous because a PostgreSQL store answers over the network. */
export interface EventStore {
  /** The mode new rows are chained in, and since which sequence. */
  readonly chain: ChainSegment;
  /** Where the events are, as it may be printed: a directory, or a URL with its password masked. */
  readonly location: string;
  /** Stores the new events of a batch in one transaction; known `event_id`s are skipped and counted. */
  append(events: readonly EvidenceEvent[]): Promise<AppendResult>;
  /** Up to `limit` events after `afterSequence`, in sequence order. */
  page(afterSequence: number, limit: number): Promise<StoredEvent[]>;
  /** Every event of one trace, in sequence order. */
  trace(traceId: string): Promise<StoredEvent[]>;
  close(): Promise<void>;
}

/**
 * Whether `location` names a PostgreSQL database (`postgres://` or `postgresql://`) rather than a directory.
 * @example
 * isPostgresUrl('postgres://audit@db:5432/audit'); // true
 */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(location);
}

/**
 * The SQLite store behind the common interface; its calls stay synchronous underneath.
 * @example
 * const store = sqliteEventStore(AuditStore.open('./audit-data'), './audit-data');
 */
export function sqliteEventStore(store: AuditStore, dataDir: string): EventStore {
  return {
    chain: store.chain,
    location: maskUrl(dataDir),
    append: async (events) => store.append(events),
    page: async (after, limit) => store.page(after, limit),
    trace: async (traceId) => store.trace(traceId),
    close: async () => store.close(),
  };
}
