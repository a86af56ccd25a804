/** `verifyAuditChain` for a PostgreSQL store: the same rules, over rows read a page at a time. */
import pg from 'pg';
import { maskUrl } from '@sluice/util';
import type { StoredEvent } from './audit-store.js';
import type { ChainSegment } from './chain-modes.js';
import { chainHasher } from './hash-chain.js';
import { readSegments } from './postgres-store.js';
import { chainWalker, type ChainVerdict, type VerifyOptions } from './verify-chain.js';

/** Rows held in memory at once, whatever the table holds. */
const VERIFY_STEP = 1000;

/** A store migrated before any row recorded its mode is SHA-256 throughout, as in SQLite. */
const UNRECORDED: readonly ChainSegment[] = [{ from_sequence: 1, mode: 'sha256', key_id: null }];

/**
 * Walks the chain of the database at `url` in one read-only snapshot, so processes appending meanwhile
 * cannot show the walk half a batch. Throws when the database holds no audit store (a mistyped database
 * name is never reported as an empty, valid chain), or when it cannot be reached.
 * @example
 * const verdict = await verifyPostgresChain('postgres://audit@127.0.0.1:5432/audit');
 * if (!verdict.ok) console.error(`sequence ${verdict.firstBadSequence}: ${verdict.reason}`);
 */
export async function verifyPostgresChain(url: string, options: VerifyOptions = {}): Promise<ChainVerdict> {
  const keyed = options.chainKey === undefined ? undefined : chainHasher(options.chainKey);
  const client = new pg.Client({ connectionString: url, application_name: 'sluice-audit-verify' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: tables } = await client.query<{ found: string | null }>("SELECT to_regclass('events') AS found");
    if (tables[0]?.found === null || tables[0]?.found === undefined) {
      throw new Error(`no audit store in the database at ${maskUrl(url)}`);
    }
    const recorded = await readSegments(client);
    const walker = chainWalker(recorded.length === 0 ? UNRECORDED : recorded, keyed);
    for (let after = 0; ;) {
      const { rows } = await client.query<Omit<StoredEvent, 'sequence'> & { sequence: string }>(
        'SELECT sequence, event_id, trace_id, event_json, prev_hash, hash FROM events WHERE sequence > $1 ORDER BY sequence LIMIT $2',
        [after, VERIFY_STEP],
      );
      for (const row of rows) {
        const bad = walker.step({ ...row, sequence: Number(row.sequence) });
        if (bad !== undefined) return bad;
      }
      if (rows.length < VERIFY_STEP) return walker.finish();
      after = Number(rows.at(-1)!.sequence);
    }
  } finally {
    await client.end();
  }
}
