/**
 * The bound of the in-process store: what it holds (count, bytes, each entry's expiry and last use) and
 * which entries must go for it to fit, expired ones first, then the least recently used. In memory and
 * synchronous; `BoundedStore` deletes what it chooses from the vector store.
 */
import { ExpiryQueue } from './expiry-queue.js';
import { RecencyList, type HeldEntry } from './recency-list.js';

export interface StoreLimits {
  readonly maxEntries: number;
  /** 0: no byte bound. */
  readonly maxBytes: number;
}

export type EvictionReason = 'expired' | 'capacity';

export interface Eviction {
  readonly id: number;
  readonly reason: EvictionReason;
}

/** The expiry queue is rebuilt when stale items outnumber the entries by this much, so it stays O(entries). */
const STALE_EXPIRIES_SLACK = 1024;

/**
 * @example
 * const bound = new StoreBound({ maxEntries: 2, maxBytes: 0 });
 * bound.hold(1, 1500, expiresAt, now);
 * bound.hold(2, 1500, expiresAt, now);
 * bound.use(1, now + 1);
 * bound.hold(3, 1500, expiresAt, now + 2);
 * bound.overflow(now + 2, 3); // [{ id: 2, reason: 'capacity' }]
 */
export class StoreBound {
  readonly #recency = new RecencyList();
  readonly #expiries = new ExpiryQueue();
  #bytes = 0;

  constructor(readonly limits: StoreLimits) {}

  get entries(): number {
    return this.#recency.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** False for an entry larger than the byte bound: holding it would evict everything and still not fit. */
  fits(bytes: number): boolean {
    return this.limits.maxBytes === 0 || bytes <= this.limits.maxBytes;
  }

  /** Records an entry stored (or restored) as the most recently used; true when its id was not held. */
  hold(id: number, bytes: number, expiresAt: number, usedAt: number): boolean {
    const earlier = this.release(id);
    this.#recency.add({ id, bytes, expiresAt, usedAt });
    this.#bytes += bytes;
    this.#expiries.push(id, expiresAt);
    if (this.#expiries.size > 2 * this.#recency.size + STALE_EXPIRIES_SLACK) {
      this.#expiries.rebuild(Array.from(this.#recency.entries(), (held) => [held.id, held.expiresAt] as const));
    }
    return earlier === undefined;
  }

  /** A hit: the entry becomes the most recently used. */
  use(id: number, usedAt: number): void {
    this.#recency.use(id, usedAt);
  }

  release(id: number): HeldEntry | undefined {
    const held = this.#recency.remove(id);
    if (held !== undefined) this.#bytes -= held.bytes;
    return held;
  }

  /**
   * The entries to delete for the store to be within its limits, released here as they are chosen: expired
   * ones first (soonest expired first), then the least recently used. Never `keep`, the entry being stored.
   */
  overflow(now: number, keep?: number): Eviction[] {
    const evictions: Eviction[] = [];
    while (this.#over()) {
      const expired = this.#nextExpired(now, keep);
      if (expired !== undefined) {
        this.release(expired);
        evictions.push({ id: expired, reason: 'expired' });
        continue;
      }
      let oldest = this.#recency.oldest;
      if (oldest?.id === keep) oldest = oldest?.newer;
      if (oldest === undefined) break;
      this.release(oldest.id);
      evictions.push({ id: oldest.id, reason: 'capacity' });
    }
    return evictions;
  }

  /** Every expired entry, released here, soonest expired first. */
  expired(now: number): number[] {
    const ids: number[] = [];
    for (let id = this.#nextExpired(now); id !== undefined; id = this.#nextExpired(now)) {
      this.release(id);
      ids.push(id);
    }
    return ids;
  }

  /** Ids with their last use, least recently used first: what the recency file keeps across restarts. */
  recency(): { ids: number[]; usedAt: number[] } {
    const ids: number[] = [];
    const usedAt: number[] = [];
    for (const held of this.#recency.entries()) {
      ids.push(held.id);
      usedAt.push(held.usedAt);
    }
    return { ids, usedAt };
  }

  #over(): boolean {
    const { maxEntries, maxBytes } = this.limits;
    return this.#recency.size > maxEntries || (maxBytes > 0 && this.#bytes > maxBytes);
  }

  /** The held entry that expired soonest, dropping stale items on the way; undefined when none has expired. */
  #nextExpired(now: number, keep?: number): number | undefined {
    let kept: number | undefined;
    let found: number | undefined;
    for (let top = this.#expiries.peek(); top !== undefined && top.expiresAt <= now; top = this.#expiries.peek()) {
      this.#expiries.pop();
      const held = this.#recency.get(top.id);
      // Stale: deleted since, or stored again with another expiry (that one has its own item).
      if (held === undefined || held.expiresAt !== top.expiresAt) continue;
      if (top.id === keep) {
        kept = top.expiresAt;
        continue;
      }
      found = top.id;
      break;
    }
    // An entry stored already expired (a TTL under a millisecond) stays queued for the next eviction.
    if (kept !== undefined) this.#expiries.push(keep!, kept);
    return found;
  }
}
