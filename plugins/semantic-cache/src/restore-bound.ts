/**
 * Rebuilds the bound of an in-process store that has just been opened: every entry with its bytes, expiry
 * and last use, in the order the gateway that saved it had them.
 */
import type { Logger } from 'pino';
import type { SemanticEntry } from './entry.js';
import { entryBytes } from './entry-bytes.js';
import { readRecency } from './recency-file.js';
import type { OpenedStore } from './semantic-store.js';
import { StoreBound, type StoreLimits } from './store-bound.js';

interface Restored {
  readonly id: number;
  readonly payload: SemanticEntry;
  readonly usedAt: number;
}

/**
 * Entries are taken from the recency file, each payload read in place; only when the file is missing,
 * unreadable or does not name every entry (a store saved by an earlier release, or a crash between the
 * set and the file) are they read by iterating the store, which copies every vector out of the index
 * (measured: 1.5 s more at start for 20,000 entries).
 * An entry's last use is its last hit from the file, else its `created_at`; the bound is not applied here.
 * @example
 * const bound = await restoreBound(opened, { maxEntries: 100_000, maxBytes: 0 }, 256, logger);
 */
export async function restoreBound(opened: OpenedStore, limits: StoreLimits, dims: number, logger: Logger): Promise<StoreBound> {
  const count = await opened.store.count();
  const lastUse = await recordedUse(opened.location, logger);
  let entries = fromRecency(opened, lastUse);
  if (entries === undefined || entries.length !== count) {
    if (count > 0) logger.info({ entries: count }, 'semantic store: reading every entry to rebuild its recency order');
    entries = [];
    for await (const record of opened.store.iterate()) {
      entries.push({
        id: record.id,
        payload: record.payload,
        usedAt: Math.max(lastUse?.get(record.id) ?? 0, record.payload.created_at),
      });
    }
  }
  entries.sort((a, b) => a.usedAt - b.usedAt);
  const bound = new StoreBound(limits);
  for (const { id, payload, usedAt } of entries) bound.hold(id, entryBytes(payload, dims), payload.expires_at, usedAt);
  return bound;
}

/** Last use by id from the recency file; undefined when there is none or it cannot be read (logged). */
async function recordedUse(location: string, logger: Logger): Promise<Map<number, number> | undefined> {
  try {
    const recency = await readRecency(location);
    if (recency === undefined) return undefined;
    const lastUse = new Map<number, number>();
    recency.ids.forEach((id, i) => lastUse.set(id, Math.max(lastUse.get(id) ?? 0, recency.usedAt[i]!)));
    return lastUse;
  } catch (error) {
    logger.warn({ reason: (error as Error).message }, 'semantic store: recency file ignored');
    return undefined;
  }
}

/** The entries the recency file names that the store holds, without copying any vector. */
function fromRecency(opened: OpenedStore, lastUse: Map<number, number> | undefined): Restored[] | undefined {
  const payloadOf = opened.payloadOf;
  if (lastUse === undefined || payloadOf === undefined) return undefined;
  const entries: Restored[] = [];
  for (const [id, used] of lastUse) {
    const payload = payloadOf(id);
    if (payload !== undefined) entries.push({ id, payload, usedAt: Math.max(used, payload.created_at) });
  }
  return entries;
}
