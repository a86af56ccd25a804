/**
 * Limit counters on Redis, shared by every gateway using the same key prefix. Each operation is one Lua
 * script (Redis runs a script alone), so a check and its increment, or a slot count and its claim, are
 * atomic across gateways. Counters are plain integers with a PEXPIRE set when created; request slots
 * are a sorted set per limit, scored by each lease's expiry, so a dead gateway's slots drop out.
 */
import { connectRedis, type RedisLogger } from '@sluice/redis';
import type { LimitStore, Taken } from './limit-store.js';

/** KEYS: counter. ARGV: amount, limit, ttl ms. Returns {taken 0|1, total}. */
const TAKE = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local amount = tonumber(ARGV[1])
if current + amount > tonumber(ARGV[2]) then return {0, current} end
local total = redis.call('INCRBY', KEYS[1], amount)
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {1, total}
`;

/** KEYS: counter. ARGV: amount, ttl ms. Returns the total. */
const ADD = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return total
`;

/** KEYS: slots. ARGV: now, lease expiry, limit, lease, key ttl ms. Returns {taken 0|1, slots held}. */
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local held = redis.call('ZCARD', KEYS[1])
if held >= tonumber(ARGV[3]) then return {0, held} end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return {1, held + 1}
`;

/** KEYS: slots. ARGV: now, lease expiry, lease, key ttl ms. Renews only a lease still held and live. */
const RENEW = `
local expiry = redis.call('ZSCORE', KEYS[1], ARGV[3])
if not expiry or tonumber(expiry) <= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], 'XX', ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`;

/**
 * Where the Redis store connects and how long it waits.
 * @example
 * const options: RedisLimitStoreOptions = { url: 'redis://127.0.0.1:6379', keyPrefix: 'sluice:limits:', timeoutMs: 500, connectTimeoutMs: 2000 };
 */
export interface RedisLimitStoreOptions {
  /** `redis://…`, `rediss://…`, or a cluster: `redis+cluster://host:port,…`. */
  readonly url: string;
  /** Prefix of every key; gateways sharing it share limits. */
  readonly keyPrefix: string;
  /** Longest one operation may take. */
  readonly timeoutMs: number;
  /** Longest the first connection may take. */
  readonly connectTimeoutMs: number;
  readonly logger?: RedisLogger;
}

/**
 * Connects and checks Redis answers; throws when it does not in time. Afterwards an operation while
 * Redis is disconnected or silent fails at once, which the plugin counts and lets through (fail-open)
 * or refuses.
 * @example
 * const store = await redisLimitStore({ url: 'redis://127.0.0.1:6379', keyPrefix: 'sluice:limits:', timeoutMs: 500, connectTimeoutMs: 2000 });
 */
export async function redisLimitStore(options: RedisLimitStoreOptions): Promise<LimitStore> {
  const { keyPrefix: prefix } = options;
  const connection = await connectRedis({
    url: options.url,
    store: 'client limits',
    dependency: 'limits_kv',
    timeoutMs: options.timeoutMs,
    connectTimeoutMs: options.connectTimeoutMs,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  // Each script touches one key, so on a cluster the limits spread by slot; reads of several use one GET each.
  const { redis, commands } = connection;
  const run = (script: string, key: string, args: readonly (string | number)[], name: string) =>
    redis.command(() => commands.eval(script, { keys: [prefix + key], arguments: args.map(String) }), name);
  const taken = (reply: unknown): Taken => {
    const [flag = 0, total = 0] = (reply as unknown[]).map(Number);
    return { taken: flag === 1, total };
  };
  const ttl = (ms: number) => Math.max(1, Math.ceil(ms));

  return {
    async take(key, amount, limit, ttlMs) {
      return taken(await run(TAKE, key, [amount, limit, ttl(ttlMs)], 'take'));
    },
    async add(key, amount, ttlMs) {
      return Number(await run(ADD, key, [amount, ttl(ttlMs)], 'add'));
    },
    async read(keys) {
      if (keys.length === 0) return [];
      const values = await redis.command(() => connection.getMany(keys.map((key) => prefix + key)), 'read');
      return values.map((value) => (value === null ? 0 : Number(value)));
    },
    async acquire(key, lease, limit, now, leaseMs) {
      return taken(await run(ACQUIRE, key, [now, now + leaseMs, limit, lease, ttl(leaseMs)], 'acquire'));
    },
    async release(key, lease) {
      await redis.command(() => commands.zRem(prefix + key, lease), 'release');
    },
    async renew(key, lease, now, leaseMs) {
      await run(RENEW, key, [now, now + leaseMs, lease, ttl(leaseMs)], 'renew');
    },
    state: () => redis.state(),
    close: () => redis.close(),
  };
}
