/** The default store: a bounded in-process LRU (entries and bytes) behind Keyv; entries are frozen, never copied. */
import { deepFreeze } from '@sluice/core';
import { Keyv, type KeyvOptions } from 'keyv';
import { LRUCache } from 'lru-cache';
import { keyvEntryStore, type CacheEntry, type EntryStore } from './entry-store.js';

export interface MemoryStoreOptions {
  readonly maxEntries: number;
  readonly maxBytes: number;
}

export function memoryEntryStore(options: MemoryStoreOptions): EntryStore {
  const lru = new LRUCache<string, { value: CacheEntry }>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    sizeCalculation: (item) => Math.max(1, JSON.stringify(item.value.body).length),
  });
  // Keyv hands its TTL as a third argument; lru-cache wants it in an options object.
  const adapter = {
    get: (key: string) => lru.get(key),
    set: (key: string, value: { value: CacheEntry }, ttl?: number) => {
      lru.set(key, deepFreeze(value), ttl ? { ttl } : undefined);
      return true;
    },
    delete: (key: string) => lru.delete(key),
    clear: () => lru.clear(),
    has: (key: string) => lru.has(key),
  };
  // No serialisation: entries stay objects in memory, so a hit costs no JSON parse.
  const keyvOptions = { store: adapter, serialize: undefined, deserialize: undefined, useKeyPrefix: false };
  const keyv = new Keyv<CacheEntry>(keyvOptions as unknown as KeyvOptions);
  // In-process and synchronous underneath: no timeout race needed.
  return keyvEntryStore(
    keyv,
    0,
    () => ({ initialised: true, up: true }),
    async () => lru.clear(),
  );
}
