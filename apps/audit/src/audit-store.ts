/** The audit store: one SQLite table of evidence events, numbered without gaps and chained by SHA-256 or HMAC-SHA256. */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type EvidenceEvent } from '@sluice/core';
import { CHAIN_MODES_SCHEMA, settleChainMode, type ChainSegment } from './chain-modes.js';
import { appendResult, chainedRows, type AppendResult, type StoredEvent } from './chained-rows.js';
import { chainHasher, type ChainHasher } from './hash-chain.js';

/** The database file inside the data directory. */
export const AUDIT_DB_FILE = 'audit.sqlite';

export type { AppendResult, StoredEvent } from './chained-rows.js';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    sequence   INTEGER PRIMARY KEY CHECK (sequence > 0),
    event_id   TEXT NOT NULL UNIQUE,
    trace_id   TEXT NOT NULL,
    event_json TEXT NOT NULL,
    prev_hash  TEXT NOT NULL,
    hash       TEXT NOT NULL
  ) STRICT;
  CREATE INDEX IF NOT EXISTS events_by_trace ON events (trace_id, sequence);
  ${CHAIN_MODES_SCHEMA}
`;

export interface AuditStoreOptions {
  /**
   * The chain secret: new rows are chained by HMAC-SHA256 with it. A store whose chain is keyed refuses to
   * open without its secret or with another one.
   */
  readonly chainKey?: string | undefined;
}

/**
 * Opens (or creates) the store in `dataDir`.
 * @example
 * const store = AuditStore.open('./audit-data');
 * store.append([event]); // { accepted: 1, duplicates: 0, first_sequence: 1, last_sequence: 1 }
 * store.close();
 */
export class AuditStore {
  readonly #db: Database.Database;
  readonly #known: Database.Statement<[string], 1>;
  readonly #head: Database.Statement<[], { sequence: number; hash: string }>;
  readonly #insert: Database.Statement<[StoredEvent]>;
  readonly #page: Database.Statement<[number, number], StoredEvent>;
  readonly #trace: Database.Statement<[string], StoredEvent>;
  readonly #lastMode: Database.Statement<[], ChainSegment>;
  readonly #appendAll: (events: readonly EvidenceEvent[]) => AppendResult;
  readonly #hasher: ChainHasher;
  /** The mode new rows are chained in, and since which sequence. */
  readonly chain: ChainSegment;

  private constructor(db: Database.Database, hasher: ChainHasher) {
    this.#db = db;
    this.#hasher = hasher;
    this.#known = db.prepare<[string], 1>('SELECT 1 FROM events WHERE event_id = ?').pluck();
    this.#head = db.prepare('SELECT sequence, hash FROM events ORDER BY sequence DESC LIMIT 1');
    this.#insert = db.prepare(
      'INSERT INTO events (sequence, event_id, trace_id, event_json, prev_hash, hash) VALUES (@sequence, @event_id, @trace_id, @event_json, @prev_hash, @hash)',
    );
    this.#page = db.prepare('SELECT * FROM events WHERE sequence > ? ORDER BY sequence LIMIT ?');
    this.#trace = db.prepare('SELECT * FROM events WHERE trace_id = ? ORDER BY sequence');
    this.#lastMode = db.prepare('SELECT from_sequence, mode, key_id FROM chain_modes ORDER BY from_sequence DESC LIMIT 1');
    // IMMEDIATE takes the write lock before the head is read, so a second process on the same file
    // waits instead of numbering from the same head.
    this.#appendAll = db.transaction((events: readonly EvidenceEvent[]) => this.#appendInTransaction(events)).immediate;
    this.chain = db.transaction(() => settleChainMode(db, hasher, (this.#head.get()?.sequence ?? 0) + 1)).immediate();
  }

  static open(dataDir: string, options: AuditStoreOptions = {}): AuditStore {
    const hasher = chainHasher(options.chainKey);
    // The events name tenants, applications and traces: the owner's alone, whatever the umask allows.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const file = join(dataDir, AUDIT_DB_FILE);
    const created = !existsSync(file);
    const db = new Database(file);
    // Before the WAL pragma: SQLite gives its -wal and -shm files the database file's mode.
    if (created) chmodSync(file, 0o600);
    try {
      db.pragma('journal_mode = WAL');
      // FULL: a batch is acknowledged only once it survives a power cut; with NORMAL the last commits can
      // roll back after one, and the producer, having had its 200, would never send them again.
      db.pragma('synchronous = FULL');
      db.pragma('busy_timeout = 5000');
      db.exec(SCHEMA);
      return new AuditStore(db, hasher);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** Stores the new events of a batch in one transaction; known `event_id`s are skipped and counted. */
  append(events: readonly EvidenceEvent[]): AppendResult {
    return this.#appendAll(events);
  }

  /** Up to `limit` events after `afterSequence`, in sequence order. */
  page(afterSequence: number, limit: number): StoredEvent[] {
    return this.#page.all(afterSequence, limit);
  }

  /** Every event of one trace, in sequence order. */
  trace(traceId: string): StoredEvent[] {
    return this.#trace.all(traceId);
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }

  #appendInTransaction(events: readonly EvidenceEvent[]): AppendResult {
    // A second process opened the file with another chain mode: chaining on in ours would break the chain.
    const mode = this.#lastMode.get();
    if (mode?.mode !== this.#hasher.mode || mode.key_id !== this.#hasher.keyId) {
      throw new Error('the chain mode of the store changed since it was opened; restart the module');
    }
    const rows = chainedRows(this.#hasher, this.#head.get(), events, (id) => this.#known.get(id) !== undefined);
    for (const row of rows) this.#insert.run(row);
    return appendResult(events.length, rows);
  }
}

/**
 * One stored event as the API shows it: the event's own fields plus `sequence`, `prev_hash` and `hash`.
 * Spliced as text so a page or an export never parses and re-serialises what it only passes on.
 * @example
 * res.write(`${storedEventJson(row)}\n`);
 */
export function storedEventJson(row: StoredEvent): string {
  const rest = row.event_json.length > 2 ? `,${row.event_json.slice(1)}` : '}';
  return `{"sequence":${row.sequence},"prev_hash":${JSON.stringify(row.prev_hash)},"hash":${JSON.stringify(row.hash)}${rest}`;
}
