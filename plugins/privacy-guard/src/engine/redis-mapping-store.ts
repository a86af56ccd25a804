/**
 * Mappings in Redis through Keyv and @keyv/redis, under a key prefix, with Redis's own expiry. Commands
 * fail at once while disconnected (no offline queue) and are bounded by a timeout; the client keeps
 * reconnecting in the background.
 */
import KeyvRedis, { createClient, defaultReconnectStrategy } from '@keyv/redis';
import { Keyv } from 'keyv';
import type { MappingRecord, MappingStore } from './mapping-store.js';

export interface RedisMappingStoreOptions {
  /** `redis://[:password@]host:port[/db]` or `rediss://…`. */
  readonly url: string;
  /** Keys are `<prefix>::<mapping id>` (the prefix's trailing colons are dropped). */
  readonly keyPrefix: string;
  /** Longest one store operation may take. */
  readonly timeoutMs: number;
  readonly connectTimeoutMs?: number;
  readonly logger?: StoreLogger;
}

/** The part of a pino logger the store uses. */
export interface StoreLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * Connects and checks Redis answers; throws when it does not within the connect timeout.
 * @example
 * const store = await redisMappingStore({ url: 'redis://127.0.0.1:6379', keyPrefix: 'sluice:privacy:', timeoutMs: 1000 });
 */
export async function redisMappingStore(options: RedisMappingStoreOptions): Promise<MappingStore> {
  const connectTimeout = options.connectTimeoutMs ?? Math.max(2000, options.timeoutMs * 4);
  const client = createClient({
    url: options.url,
    disableOfflineQueue: true,
    socket: { connectTimeout, reconnectStrategy: defaultReconnectStrategy },
  });
  let lastError = '';
  let reported = false;
  client.on('error', (error: Error) => {
    lastError = describe(error);
    if (!reported) options.logger?.warn({ dependency: 'privacy_kv', reason: lastError }, 'privacy mapping store: Redis error');
    reported = true;
  });
  client.on('ready', () => {
    if (reported) options.logger?.info({ dependency: 'privacy_kv' }, 'privacy mapping store: Redis is back');
    reported = false;
  });
  try {
    await bounded(client.connect(), connectTimeout, 'connect');
    await bounded(client.ping(), connectTimeout, 'ping');
  } catch (error) {
    if (client.isOpen) client.destroy();
    throw new Error(`Redis at ${redactUrl(options.url)} did not answer: ${describe(error as Error)}`, { cause: error });
  }
  const namespace = options.keyPrefix.replace(/:+$/, '');
  const store = new KeyvRedis<MappingRecord>(client, { namespace, throwOnErrors: true, throwOnConnectError: true });
  const keyv = new Keyv<MappingRecord>({ store, namespace, useKeyPrefix: false, throwOnErrors: true });
  // Both re-emit the client's errors; without a listener an 'error' would end the reconnect loop.
  store.on('error', () => undefined);
  keyv.on('error', () => undefined);
  // While reconnecting, fail at once: @keyv/redis would otherwise connect on its own and, failing, destroy the client.
  const ready = () => {
    if (!client.isReady) throw new Error(`Redis is not connected (${lastError || 'reconnecting'})`);
  };
  return {
    put: async (id, record, ttlMs) => {
      ready();
      const ok = await bounded(keyv.set(id, record, ttlMs), options.timeoutMs, 'write');
      if (ok === false) throw new Error('Redis refused the write');
    },
    get: async (id) => {
      ready();
      return bounded(keyv.get(id), options.timeoutMs, 'read');
    },
    state: () => (client.isReady ? { up: true } : { up: false, reason: lastError || 'reconnecting' }),
    close: async () => {
      if (!client.isOpen) return;
      // A graceful close waits for every pending reply, which a silent Redis never sends: wait only so long.
      const closing = client.close();
      closing.catch(() => undefined);
      await bounded(closing, options.timeoutMs, 'close').catch(() => {
        if (client.isOpen) client.destroy();
      });
    },
  };
}

/** A URL safe to log: the password is replaced. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '****';
    return parsed.toString();
  } catch {
    return 'privacy_guard_kv_url';
  }
}

function describe(error: Error): string {
  return (error as NodeJS.ErrnoException).code ?? error.message.slice(0, 120);
}

function bounded<T>(operation: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`mapping store ${name} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([operation, timeout]).finally(() => clearTimeout(timer));
}
