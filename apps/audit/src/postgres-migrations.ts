/**
 * The PostgreSQL store's schema, as numbered migrations recorded in `schema_version`. They run at start-up
 * in one transaction under an advisory lock, so two processes starting at once never both migrate, and a
 * failed migration leaves the schema as it was.
 */
import type { Pool, PoolClient } from 'pg';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** Append only: a released migration is never edited, a change is a new one. */
export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'events and chain modes',
    sql: `
      CREATE TABLE events (
        sequence   bigint PRIMARY KEY CHECK (sequence > 0),
        event_id   text NOT NULL UNIQUE,
        trace_id   text NOT NULL,
        event_json text NOT NULL,
        prev_hash  text NOT NULL,
        hash       text NOT NULL
      );
      CREATE INDEX events_by_trace ON events (trace_id, sequence);
      CREATE TABLE chain_modes (
        from_sequence bigint PRIMARY KEY CHECK (from_sequence > 0),
        mode          text NOT NULL CHECK (mode IN ('sha256', 'hmac-sha256')),
        key_id        text
      );
    `,
  },
];

/** The advisory lock key migrations run under (a per-database key; any constant the chain lock is not). */
const MIGRATION_LOCK = '7301505100';

/**
 * Applies the migrations the database has not recorded, in order, and returns their versions (empty when
 * the schema was current). Throws, changing nothing, when the database records a version this code does
 * not know: a newer release migrated it.
 * @example
 * const applied = await migrateAuditSchema(pool); // [1] on a new database, [] after
 */
export async function migrateAuditSchema(pool: Pool, migrations: readonly Migration[] = POSTGRES_MIGRATIONS): Promise<number[]> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK]);
    await client.query(`
      CREATE TABLE IF NOT EXISTS schema_version (
        version    integer PRIMARY KEY,
        name       text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_version');
    const done = new Set(rows.map((row) => row.version));
    const newest = Math.max(0, ...migrations.map((m) => m.version));
    const unknown = [...done].filter((version) => version > newest);
    if (unknown.length > 0) {
      throw new Error(
        `the audit database is at schema version ${Math.max(...unknown)}, this release knows up to ${newest}: run a newer sluice`,
      );
    }
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_version (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    return applied;
  });
}

/**
 * Runs `work` in one transaction on one pooled connection: committed when it resolves, rolled back when
 * it throws. A connection that failed mid-transaction is discarded rather than returned to the pool.
 * @example
 * const head = await inTransaction(pool, (client) => client.query('SELECT 1'));
 */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      broken = rollbackError as Error;
    }
    throw error;
  } finally {
    client.release(broken);
  }
}
