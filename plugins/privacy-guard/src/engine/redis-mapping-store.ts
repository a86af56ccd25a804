/**
 * Mappings in Redis through Keyv and @keyv/redis, under a key prefix, with Redis's own expiry. Commands
 * are bounded by a timeout and fail at once while disconnected (no offline queue) or silent (watchRedis);
 * the client keeps reconnecting in the background.
 */
import KeyvRedis from '@keyv/redis';
import { connectRedis, type RedisLogger } from '@sluice/redis';
import { Keyv } from 'keyv';
import type { MappingRecord, MappingStore } from './mapping-store.js';

export interface RedisMappingStoreOptions {
  /** `redis://[:password@]host:port[/db]`, `rediss://…`, or a cluster: `redis+cluster://host:port,…`. */
  readonly url: string;
  /** Keys are `<prefix>::<mapping id>` (the prefix's trailing colons are dropped). */
  readonly keyPrefix: string;
  /** Longest one store operation may take. */
  readonly timeoutMs: number;
  readonly connectTimeoutMs?: number;
  readonly logger?: StoreLogger;
}

/** The part of a pino logger the store uses. */
export type StoreLogger = RedisLogger;

/**
 * Connects and checks Redis answers; throws when it does not within the connect timeout.
 * @example
 * const store = await redisMappingStore({ url: 'redis://127.0.0.1:6379', keyPrefix: 'sluice:privacy:', timeoutMs: 1000 });
 */
export async function redisMappingStore(options: RedisMappingStoreOptions): Promise<MappingStore> {
  const connectTimeoutMs = options.connectTimeoutMs ?? Math.max(2000, options.timeoutMs * 4);
  // Each mapping is one key, so on a cluster they spread by slot.
  const { client, redis } = await connectRedis({
    url: options.url,
    store: 'privacy mapping store',
    dependency: 'privacy_kv',
    timeoutMs: options.timeoutMs,
    connectTimeoutMs,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  const namespace = options.keyPrefix.replace(/:+$/, '');
  const store = new KeyvRedis<MappingRecord>(client, { namespace, throwOnErrors: true, throwOnConnectError: true });
  const keyv = new Keyv<MappingRecord>({ store, namespace, useKeyPrefix: false, throwOnErrors: true });
  // Both re-emit the client's errors; without a listener an 'error' would end the reconnect loop.
  store.on('error', () => undefined);
  keyv.on('error', () => undefined);
  // While reconnecting or silent, commands fail at once: @keyv/redis would otherwise connect on its own
  // and, failing, destroy the client; a silent Redis would hold every request for the whole timeout.
  return {
    put: async (id, record, ttlMs) => {
      const ok = await redis.command(() => keyv.set(id, record, ttlMs), 'write');
      if (ok === false) throw new Error('Redis refused the write');
    },
    get: (id) => redis.command(() => keyv.get(id), 'read'),
    state: () => redis.state(),
    close: () => redis.close(),
  };
}
