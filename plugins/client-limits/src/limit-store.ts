/**
 * Where limit counters live: in this process's memory, or in Redis shared by every gateway. Both keep
 * the same semantics: a counter belongs to one window and expires after it; a request-in-flight slot is
 * a lease that expires unless renewed, so a process that dies frees its slots.
 */

/**
 * What `take` did: whether the amount fitted under the limit (and was added), and the counter after.
 * @example
 * const { taken, total } = await store.take('sluice:limits:rpm:key:app:29577060', 1, 60, 61_000);
 */
export interface Taken {
  readonly taken: boolean;
  /** The counter after the take, or as it stood when the amount did not fit. */
  readonly total: number;
}

/**
 * The counter operations the limits need, each atomic on its own.
 * @example
 * const held = await store.acquire('sluice:limits:conc:key:app', traceId, 4, Date.now(), 60_000);
 * if (held.taken) await store.release('sluice:limits:conc:key:app', traceId);
 */
export interface LimitStore {
  /** Adds `amount` unless the counter would then exceed `limit`; a new counter expires after `ttlMs`. */
  take(key: string, amount: number, limit: number, ttlMs: number): Promise<Taken>;
  /** Adds `amount` whatever the limit; a new counter expires after `ttlMs`. Resolves with the new total. */
  add(key: string, amount: number, ttlMs: number): Promise<number>;
  /** The counters' values (0 for a counter that does not exist or expired), in the order asked. */
  read(keys: readonly string[]): Promise<number[]>;
  /** Holds a slot named `lease` until `now + leaseMs` unless `limit` live slots are already held. */
  acquire(key: string, lease: string, limit: number, now: number, leaseMs: number): Promise<Taken>;
  /** Lets a slot go; releasing one that expired or was released already does nothing. */
  release(key: string, lease: string): Promise<void>;
  /** Moves a held slot's expiry to `now + leaseMs`; a slot no longer held stays gone. */
  renew(key: string, lease: string, now: number, leaseMs: number): Promise<void>;
  /** Up, or down with the reason, for `/readyz`. */
  state(): { up: boolean; reason?: string };
  close(): Promise<void>;
}

/**
 * Stands in when Redis was unreachable at start and failing open was chosen: every operation fails, so
 * each request goes through unlimited and is counted, until a restart connects again.
 * @example
 * const store = unreachableLimitStore('connect ECONNREFUSED 127.0.0.1:6379');
 */
export function unreachableLimitStore(reason: string): LimitStore {
  const fail = () => Promise.reject(new Error(`limit store unreachable since start: ${reason}`));
  return {
    take: fail,
    add: fail,
    read: fail,
    acquire: fail,
    release: fail,
    renew: fail,
    state: () => ({ up: false, reason }),
    close: async () => undefined,
  };
}
