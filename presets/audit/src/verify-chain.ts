/** Recomputes the hash chain of a data directory and names the first row that does not fit. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { AUDIT_DB_FILE, type StoredEvent } from './audit-store.js';
import { chainHash, GENESIS_HASH } from './hash-chain.js';

export type ChainVerdict =
  | { readonly ok: true; readonly events: number }
  | { readonly ok: false; readonly firstBadSequence: number; readonly reason: string };

/**
 * Walks every row in sequence order: a missing number (a deleted row), a `prev_hash` that is not the
 * previous row's hash (rows moved or removed), a `hash` that does not match the row's own content (an
 * edited row), or `event_id` / `trace_id` columns that disagree with the stored event. Throws when the
 * directory holds no audit database, so a mistyped path is never reported as an empty, valid chain.
 * Removing rows from the end leaves a shorter chain that is still valid; keep the last `hash` elsewhere
 * (docs/audit.md, Verification) to catch that.
 * @example
 * const verdict = verifyAuditChain('./audit-data');
 * if (!verdict.ok) console.error(`sequence ${verdict.firstBadSequence}: ${verdict.reason}`);
 */
export function verifyAuditChain(dataDir: string): ChainVerdict {
  const file = join(dataDir, AUDIT_DB_FILE);
  if (!existsSync(file)) throw new Error(`no audit database at ${file}`);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    // One read transaction: a server appending meanwhile cannot show the walk half a batch.
    return db.transaction(() => walk(db))();
  } finally {
    db.close();
  }
}

function walk(db: Database.Database): ChainVerdict {
  const rows = db.prepare<[], StoredEvent>('SELECT * FROM events ORDER BY sequence').iterate();
  let expected = 1;
  let prevHash = GENESIS_HASH;
  for (const row of rows) {
    const bad = (reason: string): ChainVerdict => ({ ok: false, firstBadSequence: expected, reason });
    if (row.sequence !== expected) {
      return bad(`sequence ${expected} is missing (the next row is ${row.sequence})`);
    }
    if (row.prev_hash !== prevHash) return bad('prev_hash is not the hash of the previous row');
    let event: Record<string, unknown>;
    try {
      event = JSON.parse(row.event_json) as Record<string, unknown>;
    } catch {
      return bad('the stored event is not valid JSON');
    }
    if (row.hash !== chainHash(prevHash, row.sequence, event)) return bad('hash does not match the stored event');
    if (event.event_id !== row.event_id || event.trace_id !== row.trace_id) {
      return bad('event_id or trace_id column differs from the stored event');
    }
    prevHash = row.hash;
    expected += 1;
  }
  return { ok: true, events: expected - 1 };
}
