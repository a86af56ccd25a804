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

/** A Keyv-backed store whose every operation is bounded by `timeoutMs` (0: unbounded, for memory). */
export function keyvEntryStore(
  keyv: Keyv<CacheEntry>,
  timeoutMs: number,
  state: EntryStore['state'],
  close: () => Promise<void>,
): EntryStore {
  return {
    state,
    get: (key) => bounded(keyv.get(key), timeoutMs, 'get'),
    set: async (key, entry, ttlMs) => {
      const ok = await bounded(keyv.set(key, entry, ttlMs), timeoutMs, 'set');
      if (ok === false) throw new Error('the store refused the write');
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

/** A store operation that got no answer within its bound. */
export class StoreTimeoutError extends Error {
  override readonly name = 'StoreTimeoutError';
}

function bounded<T>(operation: Promise<T>, timeoutMs: number, name: string): Promise<T> {
  if (timeoutMs <= 0) return operation;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeoutError(`store ${name} took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([operation, timeout]).finally(() => clearTimeout(timer));
}
