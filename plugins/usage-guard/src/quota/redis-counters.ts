/**
 * Quota counters on Redis, shared by every gateway and module using the same key prefix. Keyv keeps
 * values as JSON envelopes that INCRBY cannot add to, so counters are plain integers changed by one
 * Lua script (check, INCRBY, PEXPIRE on a new key) through the node-redis client @keyv/redis ships:
 * Redis runs a script alone, which makes check-and-add atomic across gateways.
 */
import { connectRedis, type RedisLogger } from '@sluice/redis';
import { decideCharge, type QuotaCharge, type QuotaCounters } from './quota-counters.js';

/** KEYS: counters. ARGV: all-or-nothing flag, then amount, limit, ttl per key. Returns {exceeded, applied, totals…}. */
const CHARGE_SCRIPT = `
local strict = ARGV[1] == '1'
local totals = {}
local exceeded = 0
for i = 1, #KEYS do
  local total = tonumber(redis.call('GET', KEYS[i]) or '0') + tonumber(ARGV[3 * i - 1])
  totals[i] = total
  if exceeded == 0 and total > tonumber(ARGV[3 * i]) then exceeded = i end
end
if strict and exceeded > 0 then
  for i = 1, #KEYS do totals[i] = totals[i] - tonumber(ARGV[3 * i - 1]) end
  return {exceeded, 0, unpack(totals)}
end
for i = 1, #KEYS do
  redis.call('INCRBY', KEYS[i], ARGV[3 * i - 1])
  if redis.call('PTTL', KEYS[i]) < 0 then redis.call('PEXPIRE', KEYS[i], ARGV[3 * i + 1]) end
end
return {exceeded, 1, unpack(totals)}
`;

export interface RedisQuotaCountersOptions {
  /** `redis://…`, `rediss://…`, or a cluster: `redis+cluster://host:port,…`. */
  readonly url: string;
  /** Prefix of every counter key; gateways sharing it share quotas. Default `sluice:usage:`. */
  readonly keyPrefix?: string;
  /** Longest a charge may take. Default 2000. */
  readonly timeoutMs?: number;
  /** Longest the first connection may take. Default 5000. */
  readonly connectTimeoutMs?: number;
  readonly logger?: RedisLogger;
}

/**
 * Connects and checks Redis answers; throws (and stops reconnecting) when it does not in time.
 * While connected it stays so in the background; a charge while disconnected, or after one went
 * unanswered and before a PING answers again, fails at once.
 * @example
 * const counters = await redisQuotaCounters({ url: 'redis://127.0.0.1:6379', keyPrefix: 'sluice:usage:' });
 */
export async function redisQuotaCounters(options: RedisQuotaCountersOptions): Promise<QuotaCounters> {
  const timeoutMs = options.timeoutMs ?? 2000;
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  const connection = await connectRedis({
    url: options.url,
    store: 'usage quotas',
    dependency: 'usage_kv',
    timeoutMs,
    connectTimeoutMs,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  const { redis, commands } = connection;
  // One charge touches several counters in one script: on a cluster they must share a slot, so the
  // prefix becomes a hash tag (`{sluice:usage}:`) and every counter lives on one node.
  const prefix = connection.slotPrefix(options.keyPrefix ?? 'sluice:usage:');
  return {
    async charge(charges: readonly QuotaCharge[], allOrNothing: boolean) {
      if (charges.length === 0) return decideCharge([], charges, allOrNothing);
      const args = [allOrNothing ? '1' : '0'];
      for (const c of charges) args.push(String(c.amount), String(c.limit), String(Math.max(1, Math.ceil(c.ttlMs))));
      const keys = charges.map((c) => `${prefix}${c.key}`);
      const reply = (await redis.command(() => commands.eval(CHARGE_SCRIPT, { keys, arguments: args }), 'charge')) as number[];
      const [exceeded = 0, applied = 0, ...totals] = reply.map(Number);
      return { totals, exceeded: exceeded - 1, applied: applied === 1 };
    },
    state: () => redis.state(),
    close: () => redis.close(),
  };
}

/**
 * Stands in when Redis was unreachable at start and failing open was chosen: every charge fails, so each
 * request follows `guard_fail_open`, until a restart connects again.
 */
export function unreachableQuotaCounters(reason: string): QuotaCounters {
  return {
    charge: () => Promise.reject(new Error(`quota store unreachable since start: ${reason}`)),
    state: () => ({ up: false, reason }),
    close: async () => undefined,
  };
}
