/**
 * The default store: a bounded in-process LRU (entries and bytes) with per-entry TTL; entries are
 * frozen, never copied. It talks to lru-cache directly: Keyv's promise, hooks and expiry wrapper
 * around a synchronous lookup were a measurable part of every hit, and lru-cache keeps the TTL itself.
 */
import { deepFreeze } from '@sluice/core';
import { LRUCache } from 'lru-cache';
import type { CacheEntry, EntryStore } from './entry-store.js';

export interface MemoryStoreOptions {
  readonly maxEntries: number;
  readonly maxBytes: number;
}

export function memoryEntryStore(options: MemoryStoreOptions): EntryStore {
  const lru = new LRUCache<string, CacheEntry>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.body).length),
  });
  return {
    state: () => ({ initialised: true, up: true }),
    get: async (key) => lru.get(key),
    set: async (key, entry, ttlMs) => {
      lru.set(key, deepFreeze(entry), ttlMs > 0 ? { ttl: ttlMs } : undefined);
    },
    close: async () => lru.clear(),
  };
}
