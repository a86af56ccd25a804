/** Opens the audit store a location names: a PostgreSQL URL, or else an SQLite data directory. */
import { AuditStore, type AuditStoreOptions } from './audit-store.js';
import { isPostgresUrl, sqliteEventStore, type EventStore } from './event-store.js';
import { PostgresAuditStore } from './postgres-store.js';

/**
 * Opens the store at `location`: a PostgreSQL URL, or else the data directory of an SQLite store.
 * @example
 * const store = await openEventStore('postgres://audit@127.0.0.1:5432/audit');
 * await store.append([event]); // { accepted: 1, duplicates: 0, first_sequence: 1, last_sequence: 1 }
 * await store.close();
 */
export async function openEventStore(location: string, options: AuditStoreOptions = {}): Promise<EventStore> {
  if (isPostgresUrl(location)) return PostgresAuditStore.open(location, options);
  return sqliteEventStore(AuditStore.open(location, options), location);
}
