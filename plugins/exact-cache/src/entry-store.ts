/** Where exact-cache entries live: memory or Redis behind Keyv, or nothing (a no-op stand-in). */
import type { ChatCompletion, Usage } from '@sluice/core';
import type { Keyv } from 'keyv';

export interface CacheEntry {
  readonly v: 1;
  readonly body: ChatCompletion;
  readonly stored_at: string;
  readonly model?: string;
  readonly usage?: Usage;
}

export interface EntryStore {
  /** `initialised`: false for the no-op stand-in; `up`: the backend answers now. */
  readonly state: () => { initialised: boolean; up: boolean; reason?: string };
  get(key: string): Promise<CacheEntry | undefined>;
  set(key: string, entry: CacheEntry, ttlMs: number): Promise<void>;
  close(): Promise<void>;
}

/** A Keyv-backed store; the caller bounds its operations (watchRedis for Redis). */
export function keyvEntryStore(keyv: Keyv<CacheEntry>, state: EntryStore['state'], close: () => Promise<void>): EntryStore {
  return {
    state,
    get: (key) => keyv.get(key),
    set: async (key, entry, ttlMs) => {
      if ((await keyv.set(key, entry, ttlMs)) === false) throw new Error('the store refused the write');
    },
    close,
  };
}

/** Installed when the backend was not reachable at start: every lookup misses, nothing is stored. */
export function noopEntryStore(reason: string): EntryStore {
  return {
    state: () => ({ initialised: false, up: false, reason }),
    get: async () => undefined,
    set: async () => undefined,
    close: async () => undefined,
  };
}
