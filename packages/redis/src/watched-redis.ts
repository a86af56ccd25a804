/**
 * What every Redis-backed store (exact cache, privacy mappings, usage quotas) needs of its connection.
 * It connects and checks Redis answers within a deadline, or refuses. Afterwards each command is bounded
 * and fails at once while the client reconnects. A connected Redis that stops answering (a partition, a
 * stalled server) counts as down too: after one command times out, commands fail at once (those already
 * sent behind it as well) and the connection reports down until a PING answers again. Otherwise every request would wait out the
 * timeout, and queue one more command behind the silent one.
 *
 * The client is node-redis's, as @keyv/redis ships it; only what is used here is named, so a Redis Cluster
 * is watched the same way through a small adapter (connect-redis.ts).
 */
import { maskUrl } from '@sluice/util';
import { redactRedisUrl } from './redis-url.js';

/**
 * The part of a node-redis client the watcher uses: a client of node-redis's `createClient`, as the
 * `@keyv/redis` package ships it, is one. Create it with `disableOfflineQueue: true`, so a command fails
 * at once while the client reconnects instead of waiting in a queue.
 * @example
 * import { createClient } from '@keyv/redis';
 * const client: RedisClientLike = createClient({ url: 'redis://localhost:6379', disableOfflineQueue: true });
 */
export interface RedisClientLike {
  readonly isOpen: boolean;
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  ping(): Promise<unknown>;
  close(): Promise<unknown>;
  destroy(): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: string, listener: (...args: any[]) => void): unknown;
}

/**
 * What `watchRedis` needs: the URL for its messages, how its log lines name the store and the dependency,
 * and the two deadlines.
 * @example
 * const options: WatchedRedisOptions = {
 *   url: 'redis://cache:6379',
 *   store: 'exact cache',
 *   dependency: 'kv',
 *   timeoutMs: 300,
 *   connectTimeoutMs: 2000,
 *   logger: kernel.logger,
 * };
 */
export interface WatchedRedisOptions {
  /** For messages; its credentials are masked. */
  readonly url: string;
  /** The store, as logs name it ("exact cache"). */
  readonly store: string;
  /** The `dependency` field of its log lines ("kv"). */
  readonly dependency: string;
  /** Longest one command may take. */
  readonly timeoutMs: number;
  /** Longest the first connection and PING may take. */
  readonly connectTimeoutMs: number;
  /** Where "Redis error", "not answering" and "back" lines go; none are written without it. */
  readonly logger?: RedisLogger;
}

/**
 * The part of a pino logger the watcher uses.
 * @example
 * const logger: RedisLogger = kernel.logger; // any pino logger
 */
export interface RedisLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * A connected client under watch: every command bounded by the timeout, and refused at once while Redis is
 * disconnected or silent, so a store falls back instead of holding requests.
 * @example
 * const redis: WatchedRedis = await watchRedis(client, options);
 * const value = await redis.command(() => client.get(key), 'get');
 * const { up, reason } = redis.state(); // for the plugin's health()
 * await redis.close();
 */
export interface WatchedRedis {
  /** Runs one command within the timeout; rejects at once while Redis is disconnected or silent. */
  command<T>(run: () => Promise<T>, name: string): Promise<T>;
  /** Up, or down with the reason; asking while silent sends a PING (one at a time). */
  state(): { up: boolean; reason?: string };
  /** Closes gracefully within the timeout, then destroys the client (a silent Redis never answers a QUIT). */
  close(): Promise<void>;
}

/**
 * A command that got no answer within its bound; after one, the connection counts as down until a PING answers.
 * @example
 * try {
 *   return await redis.command(() => client.get(key), 'get');
 * } catch (error) {
 *   if (error instanceof RedisTimeoutError) return undefined; // a miss: the request goes on without the cache
 *   throw error;
 * }
 */
export class RedisTimeoutError extends Error {
  override readonly name = 'RedisTimeoutError';
}

/**
 * Connects `client` and checks a PING answers; throws, with the client destroyed, when either fails in time.
 * @example
 * const client = createClient({ url, disableOfflineQueue: true }); // from @keyv/redis
 * const redis = await watchRedis(client, { url, store: 'exact cache', dependency: 'kv', timeoutMs: 300, connectTimeoutMs: 2000 });
 * await redis.command(() => client.get('k'), 'get');
 */
export async function watchRedis(client: RedisClientLike, options: WatchedRedisOptions): Promise<WatchedRedis> {
  const { logger, store, dependency, timeoutMs } = options;
  let lastError = '';
  let reported = false;
  /** Why the connected client counts as down: a command went unanswered, and no PING has answered since. */
  let silent: string | undefined;
  let probing = false;
  /** Commands waiting for an answer: one sent after a silent one waits behind it on the same connection. */
  const waiting = new Set<(error: Error) => void>();
  // Without a listener an 'error' would throw inside the client's reconnect loop and end it.
  client.on('error', (error: Error) => {
    lastError = describe(error);
    if (!reported) logger?.warn({ dependency, reason: lastError }, `${store}: Redis error`);
    reported = true;
  });
  client.on('ready', () => {
    if (reported) logger?.info({ dependency }, `${store}: Redis is back`);
    reported = false;
    silent = undefined;
  });
  await connect(client, options, () => lastError);

  const probe = () => {
    if (probing || !client.isReady) return;
    probing = true;
    void deadline(client.ping(), timeoutMs, 'ping')
      .then(() => {
        if (silent !== undefined) logger?.info({ dependency }, `${store}: Redis answers again`);
        silent = undefined;
      })
      .catch(() => undefined)
      .finally(() => {
        probing = false;
      });
  };
  return {
    async command(run, name) {
      if (!client.isReady) throw new Error(`Redis is not connected (${lastError || 'reconnecting'})`);
      if (silent !== undefined) {
        probe();
        throw new Error(`Redis is not answering (${silent})`);
      }
      let abandon: (error: Error) => void = () => undefined;
      const abandoned = new Promise<never>((_, reject) => (abandon = reject));
      abandoned.catch(() => undefined);
      waiting.add(abandon);
      try {
        return await Promise.race([deadline(run(), timeoutMs, name), abandoned]);
      } catch (error) {
        if (error instanceof RedisTimeoutError && silent === undefined) {
          silent = error.message;
          logger?.warn({ dependency, reason: silent }, `${store}: Redis is not answering`);
          probe();
          // Sent after this one, they can only be answered after it: they fail now, not at their own deadline.
          waiting.delete(abandon);
          for (const reject of waiting) reject(new Error(`Redis is not answering (${silent})`));
        }
        throw error;
      } finally {
        waiting.delete(abandon);
      }
    },
    state() {
      if (!client.isReady) return { up: false, reason: lastError || 'reconnecting' };
      if (silent === undefined) return { up: true };
      probe();
      return { up: false, reason: silent };
    },
    async close() {
      if (!client.isOpen) return;
      const closing = client.close();
      closing.catch(() => undefined);
      try {
        await deadline(closing, timeoutMs, 'close');
      } catch {
        if (client.isOpen) client.destroy();
      }
    },
  };
}

async function connect(client: RedisClientLike, options: WatchedRedisOptions, lastError: () => string): Promise<void> {
  // An error is an answer: a refused connection fails now instead of at the deadline.
  let refused: ((error: Error) => void) | undefined;
  const firstError = new Promise<never>((_, reject) => (refused = reject));
  firstError.catch(() => undefined);
  const onError = (error: Error) => refused?.(error);
  client.on('error', onError);
  try {
    await Promise.race([deadline(client.connect(), options.connectTimeoutMs, 'connect'), firstError]);
    await deadline(client.ping(), options.connectTimeoutMs, 'ping');
  } catch (error) {
    // Stop the reconnect loop: a store unreachable at start is replaced by a stand-in until restart.
    if (client.isOpen) client.destroy();
    const reason = lastError() || describe(error as Error);
    throw new Error(`Redis at ${redactRedisUrl(options.url)} did not answer: ${reason}`, { cause: error });
  } finally {
    refused = undefined;
  }
}

function describe(error: Error): string {
  // Logged and reported: a client message may quote the URL it dialled.
  return (error as NodeJS.ErrnoException).code ?? maskUrl(error.message).slice(0, 120);
}

function deadline<T>(promise: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RedisTimeoutError(`Redis ${name} took longer than ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
