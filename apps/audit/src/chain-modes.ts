/**
 * Which hash each stretch of the chain uses, recorded in the database so verify knows what to check. A
 * store starts in one mode; one that was unkeyed switches to keyed from its next sequence when it is first
 * opened with a chain key. It never switches back, and never to another key: either would let a rewrite
 * pass as a change of configuration.
 */
import type Database from 'better-sqlite3';
import type { ChainHasher, ChainMode } from './hash-chain.js';

/** From `from_sequence` on (until the next segment), rows are chained in `mode`. */
export interface ChainSegment {
  readonly from_sequence: number;
  readonly mode: ChainMode;
  /** For a keyed segment, the id of its secret (`ChainHasher.keyId`). */
  readonly key_id: string | null;
}

export const CHAIN_MODES_SCHEMA = `
  CREATE TABLE IF NOT EXISTS chain_modes (
    from_sequence INTEGER PRIMARY KEY CHECK (from_sequence > 0),
    mode          TEXT NOT NULL CHECK (mode IN ('sha256', 'hmac-sha256')),
    key_id        TEXT
  ) STRICT;
`;

/** A store from before the table existed was chained by SHA-256 throughout. */
const UNRECORDED: readonly ChainSegment[] = [{ from_sequence: 1, mode: 'sha256', key_id: null }];

/**
 * The recorded segments in order; a database without the table (an older store) is SHA-256 throughout.
 * @example
 * const [first] = chainSegments(db); // { from_sequence: 1, mode: 'sha256', key_id: null }
 */
export function chainSegments(db: Database.Database): readonly ChainSegment[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'chain_modes'").get();
  if (table === undefined) return UNRECORDED;
  const rows = db.prepare<[], ChainSegment>('SELECT from_sequence, mode, key_id FROM chain_modes ORDER BY from_sequence').all();
  return rows.length === 0 ? UNRECORDED : rows;
}

/**
 * What opening a store with `hasher` does to its recorded segments: the rows to write (insert or replace by
 * `from_sequence`) and the segment new rows use. Throws when the store's chain is keyed and `hasher` is
 * not, or is keyed with another secret. Shared by the SQLite and the PostgreSQL store.
 * @example
 * const { segment, writes } = chainModeChange(recorded, chainHasher(secret), head + 1);
 */
export function chainModeChange(
  recorded: readonly ChainSegment[],
  hasher: ChainHasher,
  nextSequence: number,
): { readonly segment: ChainSegment; readonly writes: readonly ChainSegment[] } {
  const last = recorded.at(-1) ?? UNRECORDED[0]!;
  const writes: ChainSegment[] = recorded.length === 0 ? [last] : [];
  if (last.mode === 'hmac-sha256') {
    if (hasher.mode !== 'hmac-sha256') {
      throw new Error(
        `this store's chain is keyed (HMAC-SHA256) from sequence ${last.from_sequence}: start it with its chain key`,
      );
    }
    if (hasher.keyId !== last.key_id) {
      throw new Error(`the chain key is not the one this store's chain is keyed with from sequence ${last.from_sequence}`);
    }
    return { segment: last, writes };
  }
  if (hasher.mode === 'sha256') return { segment: last, writes };
  // A segment with no row yet (a new store) is replaced rather than followed by an empty one.
  const from = last.from_sequence >= nextSequence ? last.from_sequence : nextSequence;
  const segment = { from_sequence: from, mode: hasher.mode, key_id: hasher.keyId };
  return { segment, writes: [...writes, segment] };
}

/**
 * Records the mode new rows will use (the table must exist; call inside a write transaction). Throws when
 * the store's chain is keyed and `hasher` is not, or is keyed with another secret.
 * @example
 * db.transaction(() => settleChainMode(db, chainHasher(secret), head + 1)).immediate();
 */
export function settleChainMode(db: Database.Database, hasher: ChainHasher, nextSequence: number): ChainSegment {
  const recorded = db
    .prepare<[], ChainSegment>('SELECT from_sequence, mode, key_id FROM chain_modes ORDER BY from_sequence')
    .all();
  const insert = db.prepare('INSERT OR REPLACE INTO chain_modes (from_sequence, mode, key_id) VALUES (?, ?, ?)');
  const { segment, writes } = chainModeChange(recorded, hasher, nextSequence);
  for (const write of writes) insert.run(write.from_sequence, write.mode, write.key_id);
  return segment;
}
