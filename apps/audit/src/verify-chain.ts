/** Recomputes the hash chain of a data directory and names the first row that does not fit. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { AUDIT_DB_FILE, type StoredEvent } from './audit-store.js';
import { chainSegments, type ChainSegment } from './chain-modes.js';
import { chainHasher, GENESIS_HASH, type ChainHasher } from './hash-chain.js';

/** `segments`: the modes the store records, so a report can say what was checked. */
export type ChainVerdict =
  | { readonly ok: true; readonly events: number; readonly segments: readonly ChainSegment[] }
  | {
      readonly ok: false;
      readonly firstBadSequence: number;
      readonly reason: string;
      readonly segments: readonly ChainSegment[];
    };

export interface VerifyOptions {
  /** The chain secret; needed when any segment is keyed. */
  readonly chainKey?: string | undefined;
}

/** The check could not be made (a keyed chain without its secret, or with another one): not a verdict. */
export class ChainKeyError extends Error {
  override readonly name = 'ChainKeyError';
}

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
export function verifyAuditChain(dataDir: string, options: VerifyOptions = {}): ChainVerdict {
  const file = join(dataDir, AUDIT_DB_FILE);
  if (!existsSync(file)) throw new Error(`no audit database at ${file}`);
  const keyed = options.chainKey === undefined ? undefined : chainHasher(options.chainKey);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    // One read transaction: a server appending meanwhile cannot show the walk half a batch.
    return db.transaction(() => walk(db, chainSegments(db), keyed))();
  } finally {
    db.close();
  }
}

/** The hasher of each segment; throws ChainKeyError when a keyed one cannot be checked with what was given. */
function segmentHashers(segments: readonly ChainSegment[], keyed: ChainHasher | undefined): ChainHasher[] {
  return segments.map((segment) => {
    if (segment.mode === 'sha256') return chainHasher();
    if (keyed === undefined) {
      throw new ChainKeyError(`the chain is keyed (HMAC-SHA256) from sequence ${segment.from_sequence}: give its chain key`);
    }
    if (keyed.keyId !== segment.key_id) {
      throw new ChainKeyError(
        `the chain key given is not the one the chain is keyed with from sequence ${segment.from_sequence}`,
      );
    }
    return keyed;
  });
}

function walk(db: Database.Database, segments: readonly ChainSegment[], keyed: ChainHasher | undefined): ChainVerdict {
  const walker = chainWalker(segments, keyed);
  for (const row of db.prepare<[], StoredEvent>('SELECT * FROM events ORDER BY sequence').iterate()) {
    const bad = walker.step(row);
    if (bad !== undefined) return bad;
  }
  return walker.finish();
}

/** Checks rows fed in sequence order, one at a time, so a store can feed them page by page. */
export interface ChainWalker {
  /** The verdict when this row breaks the chain; undefined while it holds. */
  step(row: StoredEvent): ChainVerdict | undefined;
  /** The verdict once every row was fed. */
  finish(): ChainVerdict;
}

/**
 * The chain rules of `verifyAuditChain` for rows from any store; throws ChainKeyError when a keyed segment
 * cannot be checked with what was given.
 * @example
 * const walker = chainWalker(segments, undefined);
 * for (const row of rows) { const bad = walker.step(row); if (bad) return bad; }
 * return walker.finish();
 */
export function chainWalker(segments: readonly ChainSegment[], keyed: ChainHasher | undefined): ChainWalker {
  const hashers = segmentHashers(segments, keyed);
  let expected = 1;
  let prevHash = GENESIS_HASH;
  let segment = 0;
  const step = (row: StoredEvent): ChainVerdict | undefined => {
    const bad = (reason: string): ChainVerdict => ({ ok: false, firstBadSequence: expected, reason, segments });
    while (segment + 1 < segments.length && expected >= segments[segment + 1]!.from_sequence) segment += 1;
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
    if (row.hash !== hashers[segment]!.hash(prevHash, row.sequence, event)) return bad('hash does not match the stored event');
    if (event.event_id !== row.event_id || event.trace_id !== row.trace_id) {
      return bad('event_id or trace_id column differs from the stored event');
    }
    prevHash = row.hash;
    expected += 1;
    return undefined;
  };
  const finish = (): ChainVerdict => {
    // A chain rewritten by someone without the secret can only be rewritten unkeyed: with a key given,
    // a chain that records no keyed segment at all is not what the key's holder set up.
    if (keyed !== undefined && !segments.some((s) => s.mode === 'hmac-sha256')) {
      return { ok: false, firstBadSequence: 1, reason: 'a chain key was given but the chain records no keyed segment', segments };
    }
    return { ok: true, events: expected - 1, segments };
  };
  return { step, finish };
}
