/**
 * The shared store: Redis through @keyv/redis. Commands fail at once while disconnected (no offline
 * queue), so an outage costs a request nothing but a miss; the client keeps reconnecting in the background.
 * A connected Redis that stops answering is down too (watchRedis): once a command times out, commands fail
 * at once and the store reports down until a PING answers again.
 */
import KeyvRedis from '@keyv/redis';
import { connectRedis } from '@sluice/redis';
import { Keyv } from 'keyv';
import type { Logger } from 'pino';
import { keyvEntryStore, type CacheEntry, type EntryStore } from './entry-store.js';

export interface RedisStoreOptions {
  readonly url: string;
  readonly keyPrefix: string;
  readonly timeoutMs: number;
  readonly connectTimeoutMs: number;
}

/** Connects and checks Redis answers; throws when it does not within the connect timeout. */
export async function redisEntryStore(options: RedisStoreOptions, logger: Logger): Promise<EntryStore> {
  // One server or a cluster (`redis+cluster://`): each entry is one key, so a cluster spreads them by slot.
  const { client, redis } = await connectRedis({ ...options, store: 'exact cache', dependency: 'kv', logger });
  // Keyv hands its own namespace to the store, so the prefix is set there (keys: `<prefix>::<key>`).
  const namespace = options.keyPrefix.replace(/:+$/, '');
  const store = new KeyvRedis<CacheEntry>(client, { namespace, throwOnErrors: true, throwOnConnectError: true });
  const keyv = new Keyv<CacheEntry>({ store, namespace, useKeyPrefix: false, throwOnErrors: true });
  // Both re-emit the client's errors; an 'error' with no listener would throw inside the client's
  // reconnect loop and end it. watchRedis's own listener records and logs them.
  store.on('error', () => undefined);
  keyv.on('error', () => undefined);
  const entries = keyvEntryStore(
    keyv,
    () => ({ initialised: true, ...redis.state() }),
    () => redis.close(),
  );
  // While the client reconnects, commands fail at once: @keyv/redis would otherwise try to connect on its
  // own and, when that fails, destroy the client, which ends reconnection for good.
  return {
    ...entries,
    get: (key) => redis.command(() => entries.get(key), 'get'),
    set: (key, entry, ttlMs) => redis.command(() => entries.set(key, entry, ttlMs), 'set'),
  };
}
