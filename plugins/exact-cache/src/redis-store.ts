/**
 * The shared store: Redis through @keyv/redis. Commands fail at once while disconnected (no offline
 * queue), so an outage costs a request nothing but a miss; the client keeps reconnecting in the background.
 * A connected Redis that stops answering (a partition, a stalled server) is down too: once an operation
 * times out, operations fail at once and the store reports down until a PING answers again.
 */
import KeyvRedis, { createClient, defaultReconnectStrategy } from '@keyv/redis';
import { Keyv } from 'keyv';
import type { Logger } from 'pino';
import { keyvEntryStore, StoreTimeoutError, type CacheEntry, type EntryStore } from './entry-store.js';

export interface RedisStoreOptions {
  readonly url: string;
  readonly keyPrefix: string;
  readonly timeoutMs: number;
  readonly connectTimeoutMs: number;
}

/** Connects and checks Redis answers; throws when it does not within the connect timeout. */
export async function redisEntryStore(options: RedisStoreOptions, logger: Logger): Promise<EntryStore> {
  const client = createClient({
    url: options.url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: options.connectTimeoutMs,
      reconnectStrategy: defaultReconnectStrategy,
    },
  });
  let lastError = '';
  let reported = false;
  client.on('error', (error: Error) => {
    lastError = describe(error);
    if (!reported) logger.warn({ dependency: 'kv', reason: lastError }, 'exact cache: Redis error');
    reported = true;
  });
  /** Why the connected client counts as down: an operation went unanswered, and no PING has answered since. */
  let silent: string | undefined;
  let probing = false;
  client.on('ready', () => {
    if (reported) logger.info({ dependency: 'kv' }, 'exact cache: Redis is back');
    reported = false;
    silent = undefined;
  });
  try {
    await withDeadline(client.connect(), options.connectTimeoutMs);
    await withDeadline(client.ping(), options.connectTimeoutMs);
  } catch (error) {
    // Stop the reconnect loop: a store unreachable at start is replaced by a no-op until restart.
    if (client.isOpen) client.destroy();
    throw new Error(`Redis at ${redactUrl(options.url)} did not answer: ${describe(error as Error)}`, { cause: error });
  }
  // Keyv hands its own namespace to the store, so the prefix is set there (keys: `<prefix>::<key>`).
  const namespace = options.keyPrefix.replace(/:+$/, '');
  const store = new KeyvRedis<CacheEntry>(client, { namespace, throwOnErrors: true, throwOnConnectError: true });
  const keyv = new Keyv<CacheEntry>({ store, namespace, useKeyPrefix: false, throwOnErrors: true });
  // Both re-emit the client's errors; an 'error' with no listener would throw inside the client's
  // reconnect loop and end it. The client's own listener above already records and logs them.
  store.on('error', () => undefined);
  keyv.on('error', () => undefined);
  // One PING at a time, bounded like any operation; unready instances get no traffic, so readiness probes ask too.
  const probe = () => {
    if (probing || !client.isReady) return;
    probing = true;
    void withDeadline(client.ping(), options.timeoutMs)
      .then(() => {
        if (silent !== undefined) logger.info({ dependency: 'kv' }, 'exact cache: Redis answers again');
        silent = undefined;
      })
      .catch(() => undefined)
      .finally(() => {
        probing = false;
      });
  };
  const entries = keyvEntryStore(
    keyv,
    options.timeoutMs,
    () => {
      if (!client.isReady) return { initialised: true, up: false, reason: lastError || 'reconnecting' };
      if (silent === undefined) return { initialised: true, up: true };
      probe();
      return { initialised: true, up: false, reason: silent };
    },
    async () => {
      if (!client.isOpen) return;
      // A graceful close waits for every pending reply, which a silent Redis never sends: wait only so long.
      const closing = client.close();
      closing.catch(() => undefined);
      try {
        await withDeadline(closing, options.timeoutMs);
      } catch {
        if (client.isOpen) client.destroy();
      }
    },
  );
  // While the client reconnects, fail at once: @keyv/redis would otherwise try to connect on its own
  // and, when that fails, destroy the client, which ends reconnection for good. While Redis is silent,
  // fail at once too: each request would otherwise wait out the timeout, and queue one more command.
  const ready = () => {
    if (!client.isReady) throw new Error(`Redis is not connected (${lastError || 'reconnecting'})`);
    if (silent === undefined) return;
    probe();
    throw new Error(`Redis is not answering (${silent})`);
  };
  const watched = async <T>(operation: Promise<T>): Promise<T> => {
    try {
      return await operation;
    } catch (error) {
      if (error instanceof StoreTimeoutError && silent === undefined) {
        silent = error.message;
        logger.warn({ dependency: 'kv', reason: silent }, 'exact cache: Redis is not answering');
        probe();
      }
      throw error;
    }
  };
  return {
    ...entries,
    get: async (key) => (ready(), watched(entries.get(key))),
    set: async (key, entry, ttlMs) => (ready(), watched(entries.set(key, entry, ttlMs))),
  };
}

/** A URL safe to log: the password is replaced. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '****';
    return parsed.toString();
  } catch {
    return 'kv_url';
  }
}

function describe(error: Error): string {
  return (error as NodeJS.ErrnoException).code ?? error.message.slice(0, 120);
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
