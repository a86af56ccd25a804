/**
 * Finds the caller a key hash admits: first among the keys of the config and the keys file (in memory),
 * then in the Redis key store. Redis answers, found or not, are kept in memory for `cacheMs`, so a
 * repeat costs no round trip and a revoked key stops working within that time. While Redis cannot
 * answer, a key it answered before keeps its last answer, however old.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Caller } from '@sluice/caller';
import type { ClientKeyEntry, KeySettings } from './options.js';
import { StoredKeyError } from './redis-key-store.js';
import type { StoredClientKey } from './stored-key.js';

/** Most Redis answers kept; unknown keys are answers too, so a flood of made-up keys cannot grow memory. */
const MAX_REMEMBERED = 10_000;

/**
 * What a lookup found: the caller, no such key, or no answer from the store.
 * @example
 * const found: KeyLookup = await directory.find(keyHash(presented));
 */
export type KeyLookup =
  { readonly kind: 'found'; readonly caller: Caller } | { readonly kind: 'unknown' } | { readonly kind: 'unavailable' };

/** The part of the Redis key store a lookup needs. */
export interface KeyFinder {
  findByHash(hash: string): Promise<StoredClientKey | undefined>;
}

/** How a round trip to the store went. */
export type LookupOutcome = 'found' | 'unknown' | 'unreadable' | 'failed';

interface Remembered {
  readonly caller: Caller | undefined;
  readonly until: number;
}

export interface KeyDirectoryOptions {
  readonly keys: readonly ClientKeyEntry[];
  readonly store?: KeyFinder | undefined;
  readonly cacheMs: number;
  /** Told of each round trip to the store; `unreadable`: a record that is not a key's (refused as unknown). */
  readonly onLookup?: (outcome: LookupOutcome, error?: unknown) => void;
  readonly now?: () => number;
}

/** A key written down in the config or the keys file: its SHA-256 digest and the caller it admits. */
interface KnownKey {
  readonly digest: Buffer;
  readonly caller: Caller;
}

export class KeyDirectory {
  readonly #known: readonly KnownKey[];
  readonly #store: KeyFinder | undefined;
  readonly #cacheMs: number;
  readonly #remembered = new Map<string, Remembered>();
  readonly #pending = new Map<string, Promise<KeyLookup>>();
  readonly #onLookup: NonNullable<KeyDirectoryOptions['onLookup']>;
  readonly #now: () => number;

  constructor(options: KeyDirectoryOptions) {
    this.#known = options.keys.map((key) => ({ digest: digestOf(key.hash), caller: callerOf(key.id, key.settings) }));
    this.#store = options.store;
    this.#cacheMs = options.cacheMs;
    this.#onLookup = options.onLookup ?? (() => undefined);
    this.#now = options.now ?? Date.now;
  }

  /** The caller of the presented key whose hash is `hash` (`sha256:<hex>`). */
  async find(hash: string): Promise<KeyLookup> {
    const known = this.#knownCaller(digestOf(hash));
    if (known !== undefined) return { kind: 'found', caller: known };
    if (this.#store === undefined) return { kind: 'unknown' };
    const remembered = this.#remembered.get(hash);
    if (remembered !== undefined && remembered.until > this.#now()) return lookupOf(remembered.caller);
    let pending = this.#pending.get(hash);
    if (pending === undefined) {
      // One round trip however many requests present the same key at once.
      pending = this.#ask(this.#store, hash, remembered).finally(() => this.#pending.delete(hash));
      this.#pending.set(hash, pending);
    }
    // Redis found the record by its hash: the digest was the lookup's own key.
    return pending;
  }

  /**
   * The configured key whose digest is `digest`, compared with every one written down in constant time
   * and without stopping at a match, so how long it takes says nothing about which digest came close.
   */
  #knownCaller(digest: Buffer): Caller | undefined {
    let found: Caller | undefined;
    for (const key of this.#known) if (timingSafeEqual(key.digest, digest)) found = key.caller;
    return found;
  }

  async #ask(store: KeyFinder, hash: string, stale: Remembered | undefined): Promise<KeyLookup> {
    let record: StoredClientKey | undefined;
    try {
      record = await store.findByHash(hash);
    } catch (error) {
      if (error instanceof StoredKeyError) {
        this.#onLookup('unreadable', error);
        this.#remember(hash, undefined);
        return { kind: 'unknown' };
      }
      this.#onLookup('failed', error);
      return stale === undefined ? { kind: 'unavailable' } : lookupOf(stale.caller);
    }
    this.#onLookup(record === undefined ? 'unknown' : 'found');
    const caller = record === undefined ? undefined : callerOf(record.id, { ...record.settings, tenant: record.tenant });
    this.#remember(hash, caller);
    return lookupOf(caller);
  }

  #remember(hash: string, caller: Caller | undefined): void {
    if (this.#cacheMs <= 0) return;
    this.#remembered.delete(hash);
    if (this.#remembered.size >= MAX_REMEMBERED) {
      const oldest = this.#remembered.keys().next().value;
      if (oldest !== undefined) this.#remembered.delete(oldest);
    }
    this.#remembered.set(hash, { caller, until: this.#now() + this.#cacheMs });
  }
}

/** The 32 bytes of a `sha256:<hex>` hash (its form is checked where it is read). */
function digestOf(hash: string): Buffer {
  return Buffer.from(hash.slice('sha256:'.length), 'hex');
}

function lookupOf(caller: Caller | undefined): KeyLookup {
  return caller === undefined ? { kind: 'unknown' } : { kind: 'found', caller };
}

/** The caller a key's settings describe (frozen: one object serves every request of the key). */
export function callerOf(keyId: string, settings: KeySettings): Caller {
  const { tenant, models, cacheShare, cacheControls, requestsPerMinute, tokensPerMinute, concurrentRequests, budget } = settings;
  const limits = {
    ...(requestsPerMinute === undefined ? {} : { requestsPerMinute }),
    ...(tokensPerMinute === undefined ? {} : { tokensPerMinute }),
    ...(concurrentRequests === undefined ? {} : { concurrentRequests }),
    ...(budget === undefined ? {} : { budget: Object.freeze({ ...budget }) }),
  };
  return Object.freeze({
    keyId,
    tenant,
    ...(models === undefined ? {} : { models: Object.freeze([...models]) }),
    cacheShare,
    cacheControls,
    limits: Object.freeze(limits),
  });
}
