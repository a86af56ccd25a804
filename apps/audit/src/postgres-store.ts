/**
 * The audit store on PostgreSQL: the same events and chain as the SQLite store, in a database that several
 * audit module processes share. Each batch is one transaction that first takes a transaction-scoped
 * advisory lock, then reads the chain head: appends from every process queue on that lock, so the
 * sequence stays gapless and ordered and the hashes form one chain.
 */
import pg from 'pg';
import type { PoolClient } from 'pg';
import type { EvidenceEvent } from '@sluice/core';
import { maskUrl } from '@sluice/util';
import type { AuditStoreOptions } from './audit-store.js';
import { appendResult, chainedRows, type AppendResult, type StoredEvent } from './chained-rows.js';
import { chainModeChange, type ChainSegment } from './chain-modes.js';
import type { EventStore } from './event-store.js';
import { chainHasher, type ChainHasher } from './hash-chain.js';
import { inTransaction, migrateAuditSchema } from './postgres-migrations.js';

/** The advisory lock key every append takes (per database, so stores in other databases never wait on it). */
const CHAIN_LOCK = '7301505101';
/** Connections per process: appends queue on one lock anyway; the rest serve reads beside them. */
const POOL_SIZE = 8;
const COLUMNS = 'sequence, event_id, trace_id, event_json, prev_hash, hash';

/** bigint columns come back as text from node-postgres; sequences stay far below 2^53. */
type Row = Omit<StoredEvent, 'sequence'> & { sequence: string };
const toStored = (row: Row): StoredEvent => ({ ...row, sequence: Number(row.sequence) });

/**
 * @example
 * const store = await PostgresAuditStore.open('postgres://audit@127.0.0.1:5432/audit');
 * await store.append([event]); // { accepted: 1, duplicates: 0, first_sequence: 1, last_sequence: 1 }
 * await store.close();
 */
export class PostgresAuditStore implements EventStore {
  readonly #pool: pg.Pool;
  readonly #hasher: ChainHasher;
  readonly chain: ChainSegment;
  readonly location: string;
  /** The migrations this open applied (empty when the schema was current). */
  readonly migrationsApplied: readonly number[];

  private constructor(pool: pg.Pool, hasher: ChainHasher, chain: ChainSegment, location: string, applied: number[]) {
    this.#pool = pool;
    this.#hasher = hasher;
    this.chain = chain;
    this.location = location;
    this.migrationsApplied = applied;
  }

  /** Connects, migrates the schema and records the chain mode; throws (connecting nothing) when any fails. */
  static async open(url: string, options: AuditStoreOptions = {}): Promise<PostgresAuditStore> {
    const hasher = chainHasher(options.chainKey);
    const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, application_name: 'sluice-audit' });
    // An idle connection the server dropped: the pool replaces it, and the next query reports any outage.
    pool.on('error', () => undefined);
    try {
      const applied = await migrateAuditSchema(pool);
      const chain = await inTransaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [CHAIN_LOCK]);
        const head = await readHead(client);
        const { segment, writes } = chainModeChange(await readSegments(client), hasher, (head?.sequence ?? 0) + 1);
        for (const write of writes) {
          await client.query(
            `INSERT INTO chain_modes (from_sequence, mode, key_id) VALUES ($1, $2, $3)
             ON CONFLICT (from_sequence) DO UPDATE SET mode = EXCLUDED.mode, key_id = EXCLUDED.key_id`,
            [write.from_sequence, write.mode, write.key_id],
          );
        }
        return segment;
      });
      return new PostgresAuditStore(pool, hasher, chain, maskUrl(url), applied);
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  append(events: readonly EvidenceEvent[]): Promise<AppendResult> {
    return inTransaction(this.#pool, (client) => this.#appendInTransaction(client, events));
  }

  async page(afterSequence: number, limit: number): Promise<StoredEvent[]> {
    const { rows } = await this.#pool.query<Row>(`SELECT ${COLUMNS} FROM events WHERE sequence > $1 ORDER BY sequence LIMIT $2`, [
      afterSequence,
      limit,
    ]);
    return rows.map(toStored);
  }

  async trace(traceId: string): Promise<StoredEvent[]> {
    // PostgreSQL refuses a NUL in text; the schema refuses one in a trace_id, so no such trace is stored.
    if (traceId.includes('\0')) return [];
    const { rows } = await this.#pool.query<Row>(`SELECT ${COLUMNS} FROM events WHERE trace_id = $1 ORDER BY sequence`, [
      traceId,
    ]);
    return rows.map(toStored);
  }

  async close(): Promise<void> {
    if (!this.#pool.ended) await this.#pool.end();
  }

  async #appendInTransaction(client: PoolClient, events: readonly EvidenceEvent[]): Promise<AppendResult> {
    // Held until COMMIT or ROLLBACK (also when this process dies: the server ends its transaction).
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [CHAIN_LOCK]);
    // Another process opened the database with another chain mode: chaining on in ours would break the chain.
    const mode = (await readSegments(client)).at(-1);
    if (mode?.mode !== this.#hasher.mode || mode.key_id !== this.#hasher.keyId) {
      throw new Error('the chain mode of the store changed since it was opened; restart the module');
    }
    const head = await readHead(client);
    const ids = events.map((event) => event.event_id);
    const { rows: known } = await client.query<{ event_id: string }>(
      'SELECT event_id FROM events WHERE event_id = ANY($1::text[])',
      [ids],
    );
    const stored = new Set(known.map((row) => row.event_id));
    const rows = chainedRows(this.#hasher, head, events, (id) => stored.has(id));
    if (rows.length > 0) {
      const column = <K extends keyof StoredEvent>(key: K) => rows.map((row) => row[key]);
      await client.query(
        `INSERT INTO events (${COLUMNS})
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
        [column('sequence'), column('event_id'), column('trace_id'), column('event_json'), column('prev_hash'), column('hash')],
      );
    }
    return appendResult(events.length, rows);
  }
}

async function readHead(client: PoolClient): Promise<{ sequence: number; hash: string } | undefined> {
  const { rows } = await client.query<{ sequence: string; hash: string }>(
    'SELECT sequence, hash FROM events ORDER BY sequence DESC LIMIT 1',
  );
  const row = rows[0];
  return row === undefined ? undefined : { sequence: Number(row.sequence), hash: row.hash };
}

/**
 * The recorded chain segments in order (the table exists once migrated).
 * @example
 * const segments = await readSegments(client);
 */
export async function readSegments(client: pg.ClientBase): Promise<ChainSegment[]> {
  const { rows } = await client.query<{ from_sequence: string; mode: ChainSegment['mode']; key_id: string | null }>(
    'SELECT from_sequence, mode, key_id FROM chain_modes ORDER BY from_sequence',
  );
  return rows.map((row) => ({ from_sequence: Number(row.from_sequence), mode: row.mode, key_id: row.key_id }));
}
