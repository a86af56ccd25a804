/**
 * Limit counters in this process's memory: the same semantics as the Redis store, for one gateway.
 * Expired counters and slots are swept every so many writes, so memory follows the live windows.
 */
import type { LimitStore, Taken } from './limit-store.js';

/** Writes between two sweeps of expired entries. */
const SWEEP_EVERY = 1000;

interface Counter {
  value: number;
  expiresAt: number;
}

/**
 * A store in memory; `now` is the clock expiries are read against (a test passes its own).
 * @example
 * const store = memoryLimitStore();
 * await store.take('rpm:key:app:29577060', 1, 60, 61_000); // { taken: true, total: 1 }
 */
export function memoryLimitStore(now: () => number = Date.now): LimitStore {
  const counters = new Map<string, Counter>();
  const leases = new Map<string, Map<string, number>>();
  let writes = 0;

  const sweep = () => {
    if (++writes < SWEEP_EVERY) return;
    writes = 0;
    const at = now();
    for (const [key, counter] of counters) if (counter.expiresAt <= at) counters.delete(key);
    for (const [key, held] of leases) {
      for (const [lease, expiresAt] of held) if (expiresAt <= at) held.delete(lease);
      if (held.size === 0) leases.delete(key);
    }
  };
  const current = (key: string): number => {
    const counter = counters.get(key);
    if (counter === undefined) return 0;
    if (counter.expiresAt > now()) return counter.value;
    counters.delete(key);
    return 0;
  };
  const addTo = (key: string, amount: number, ttlMs: number): number => {
    sweep();
    const total = current(key) + amount;
    const existing = counters.get(key);
    if (existing === undefined) counters.set(key, { value: total, expiresAt: now() + ttlMs });
    else existing.value = total;
    return total;
  };
  const liveSlots = (key: string, at: number): Map<string, number> => {
    const held = leases.get(key) ?? new Map<string, number>();
    for (const [lease, expiresAt] of held) if (expiresAt <= at) held.delete(lease);
    return held;
  };

  return {
    async take(key, amount, limit, ttlMs): Promise<Taken> {
      const total = current(key);
      if (total + amount > limit) return { taken: false, total };
      return { taken: true, total: addTo(key, amount, ttlMs) };
    },
    async add(key, amount, ttlMs) {
      return addTo(key, amount, ttlMs);
    },
    async read(keys) {
      return keys.map(current);
    },
    async acquire(key, lease, limit, at, leaseMs): Promise<Taken> {
      sweep();
      const held = liveSlots(key, at);
      if (held.size >= limit) return { taken: false, total: held.size };
      held.set(lease, at + leaseMs);
      leases.set(key, held);
      return { taken: true, total: held.size };
    },
    async release(key, lease) {
      const held = leases.get(key);
      if (held === undefined) return;
      held.delete(lease);
      if (held.size === 0) leases.delete(key);
    },
    async renew(key, lease, at, leaseMs) {
      const held = leases.get(key);
      if (held?.has(lease) === true && held.get(lease)! > at) held.set(lease, at + leaseMs);
    },
    state: () => ({ up: true }),
    close: async () => {
      counters.clear();
      leases.clear();
    },
  };
}
