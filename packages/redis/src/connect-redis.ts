/**
 * One way for every store to reach Redis, a single server or a Redis Cluster, from the URL alone: the
 * client is made, connected and watched here, so timeouts, reconnects, health and masked URLs behave the
 * same on both, and the stores only say which keys must share a slot.
 */
import { createClient, createCluster, defaultReconnectStrategy, type RedisClientType, type RedisClusterType } from '@keyv/redis';
import { parseRedisUrl } from './redis-url.js';
import { watchRedis, type RedisClientLike, type WatchedRedis, type WatchedRedisOptions } from './watched-redis.js';

/**
 * The commands the stores send besides Keyv's, as node-redis offers them on a client and on a cluster.
 * @example
 * const { commands, redis } = await connectRedis(options);
 * const value = await redis.command(() => commands.get('sluice:keys:ids'), 'get');
 */
export interface RedisCommands {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  get(key: string): Promise<string | null>;
  hGetAll(key: string): Promise<Record<string, string>>;
  zRem(key: string, member: string): Promise<number>;
}

/**
 * A connected, watched Redis: one server or a cluster.
 * @example
 * const connection: RedisConnection = await connectRedis({ url, store: 'usage quotas', dependency: 'usage_kv', timeoutMs: 500, connectTimeoutMs: 2000 });
 * const prefix = connection.slotPrefix('sluice:usage:'); // '{sluice:usage}:' on a cluster
 * await connection.redis.command(() => connection.commands.eval(script, { keys: [`${prefix}a`, `${prefix}b`], arguments: [] }), 'charge');
 */
export interface RedisConnection {
  /** Whether the URL named a cluster (`redis+cluster://`). */
  readonly cluster: boolean;
  /** The node-redis client or cluster, for `new KeyvRedis(client)`. */
  readonly client: RedisClientType | RedisClusterType;
  readonly commands: RedisCommands;
  /** Every command goes through `redis.command` to be bounded; `redis.state()` is the store's health. */
  readonly redis: WatchedRedis;
  /** The values of `keys`: one MGET on a server; one GET per key on a cluster, where keys sit in many slots. */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  /**
   * `prefix` for keys that one script or one MGET must see together: on a cluster wrapped in a hash tag
   * (`sluice:usage:` becomes `{sluice:usage}:`), so all its keys share one slot; unchanged on a server.
   */
  slotPrefix(prefix: string): string;
}

/**
 * Makes the client the URL names, with no offline queue (a command fails at once while reconnecting),
 * connects it and checks it answers (`watchRedis`); throws, with the URL masked, when it does not in time.
 * @example
 * const connection = await connectRedis({ url: 'redis+cluster://10.0.0.1:7000,10.0.0.2:7000', store: 'exact cache', dependency: 'kv', timeoutMs: 300, connectTimeoutMs: 2000, logger });
 * const store = new KeyvRedis(connection.client, { namespace: 'sluice:exact' });
 */
export async function connectRedis(options: WatchedRedisOptions): Promise<RedisConnection> {
  const target = parseRedisUrl(options.url);
  const socket = { connectTimeout: options.connectTimeoutMs, reconnectStrategy: defaultReconnectStrategy };
  if (!target.cluster) {
    const client = createClient({ url: target.url, disableOfflineQueue: true, socket }) as RedisClientType;
    const redis = await watchRedis(client, options);
    return {
      cluster: false,
      client,
      commands: client as unknown as RedisCommands,
      redis,
      getMany: async (keys) => (keys.length === 0 ? [] : client.mGet([...keys])),
      slotPrefix: (prefix) => prefix,
    };
  }
  const scheme = target.tls ? 'rediss' : 'redis';
  const cluster = createCluster({
    rootNodes: target.nodes.map((node) => ({ url: `${scheme}://${node}` })),
    defaults: {
      disableOfflineQueue: true,
      socket: target.tls ? { ...socket, tls: true } : socket,
      ...(target.username === undefined ? {} : { username: target.username }),
      ...(target.password === undefined ? {} : { password: target.password }),
    },
  }) as unknown as RedisClusterType;
  const redis = await watchRedis(watchableCluster(cluster), options);
  const commands = cluster as unknown as RedisCommands;
  return {
    cluster: true,
    client: cluster,
    commands,
    redis,
    getMany: (keys) => Promise.all(keys.map((key) => commands.get(key))),
    slotPrefix: hashTagPrefix,
  };
}

/**
 * `prefix` as a hash tag, so every key under it lands in one cluster slot; a prefix that holds a tag already
 * is kept.
 * @example
 * hashTagPrefix('sluice:usage:'); // '{sluice:usage}:'
 * hashTagPrefix('{tenant-a}:usage:'); // '{tenant-a}:usage:'
 */
export function hashTagPrefix(prefix: string): string {
  if (/\{[^}]+\}/.test(prefix)) return prefix;
  const tag = prefix.replace(/:+$/, '') || 'sluice';
  return `{${tag}}:`;
}

/**
 * A cluster seen as one client by the watcher. It is ready while every master's connection is: with a
 * master down, Redis Cluster itself refuses its slots (and by default all of them), so the store counts as
 * down and each request falls back as configured, instead of failing for some keys only.
 */
function watchableCluster(cluster: RedisClusterType): RedisClientLike {
  const readyListeners: (() => void)[] = [];
  let wasReady = false;
  const isReady = (): boolean => {
    const masters = cluster.isOpen ? cluster.masters : [];
    const ready = masters.length > 0 && masters.every((master) => master.client?.isReady === true);
    // A node client announces 'ready' once only, so coming back is noticed here, when it is asked.
    if (ready && !wasReady) for (const listener of readyListeners) listener();
    wasReady = ready;
    return ready;
  };
  return {
    get isOpen() {
      return cluster.isOpen;
    },
    get isReady() {
      return isReady();
    },
    connect: () => cluster.connect(),
    ping: () => Promise.all(cluster.masters.map(async (master) => (await cluster.nodeClient(master)).ping())),
    close: () => cluster.close(),
    destroy: () => cluster.destroy(),
    on(event, listener) {
      if (event === 'ready') readyListeners.push(listener);
      else if (event === 'error') {
        cluster.on('error', listener);
        cluster.on('node-error', listener);
      } else cluster.on(event, listener);
      return this;
    },
  };
}
