/**
 * Quota counters on Redis, shared by every gateway and module using the same key prefix. Keyv keeps
 * values as JSON envelopes that INCRBY cannot add to, so counters are plain integers changed by one
 * Lua script (check, INCRBY, PEXPIRE on a new key) through the node-redis client @keyv/redis ships:
 * Redis runs a script alone, which makes check-and-add atomic across gateways.
 */
import { createClient, defaultReconnectStrategy } from '@keyv/redis';
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
  /** `redis://…` or `rediss://…`. */
  readonly url: string;
  /** Prefix of every counter key; gateways sharing it share quotas. Default `sluice:usage:`. */
  readonly keyPrefix?: string;
  /** Longest a charge may take. Default 2000. */
  readonly timeoutMs?: number;
  /** Longest the first connection may take. Default 5000. */
  readonly connectTimeoutMs?: number;
}

/**
 * Connects and checks Redis answers; throws (and stops reconnecting) when it does not in time.
 * While connected it stays so in the background; a charge while disconnected fails at once.
 * @example
 * const counters = await redisQuotaCounters({ url: 'redis://127.0.0.1:6379', keyPrefix: 'sluice:usage:' });
 */
export async function redisQuotaCounters(options: RedisQuotaCountersOptions): Promise<QuotaCounters> {
  const prefix = options.keyPrefix ?? 'sluice:usage:';
  const timeoutMs = options.timeoutMs ?? 2000;
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  const client = createClient({
    url: options.url,
    disableOfflineQueue: true,
    socket: { connectTimeout: connectTimeoutMs, reconnectStrategy: defaultReconnectStrategy },
  });
  let lastError = '';
  // Without a listener an 'error' would throw inside the client's reconnect loop and end it.
  client.on('error', (error: Error) => {
    lastError = (error as NodeJS.ErrnoException).code ?? error.message.slice(0, 120);
  });
  // At start an error is an answer: a refused connection fails now instead of at the deadline.
  let refused: ((error: Error) => void) | undefined;
  const firstError = new Promise<never>((_, reject) => (refused = reject));
  firstError.catch(() => undefined);
  client.once('error', (error: Error) => refused?.(error));
  try {
    await Promise.race([deadline(client.connect(), connectTimeoutMs, 'connect'), firstError]);
    await deadline(client.ping(), connectTimeoutMs, 'ping');
  } catch (error) {
    if (client.isOpen) client.destroy();
    throw new Error(`Redis at ${redactUrl(options.url)} did not answer: ${lastError || (error as Error).message}`, {
      cause: error,
    });
  }
  return {
    async charge(charges: readonly QuotaCharge[], allOrNothing: boolean) {
      if (charges.length === 0) return decideCharge([], charges, allOrNothing);
      if (!client.isReady) throw new Error(`Redis is not connected (${lastError || 'reconnecting'})`);
      const args = [allOrNothing ? '1' : '0'];
      for (const c of charges) args.push(String(c.amount), String(c.limit), String(Math.max(1, Math.ceil(c.ttlMs))));
      const reply = (await deadline(
        client.eval(CHARGE_SCRIPT, { keys: charges.map((c) => `${prefix}${c.key}`), arguments: args }),
        timeoutMs,
        'charge',
      )) as number[];
      const [exceeded = 0, applied = 0, ...totals] = reply.map(Number);
      return { totals, exceeded: exceeded - 1, applied: applied === 1 };
    },
    state: () => (client.isReady ? { up: true } : { up: false, reason: lastError || 'reconnecting' }),
    close: async () => {
      if (!client.isOpen) return;
      // A graceful close waits for every pending reply, which a silent Redis never sends: wait only so long.
      const closing = client.close();
      closing.catch(() => undefined);
      await deadline(closing, timeoutMs, 'close').catch(() => {
        if (client.isOpen) client.destroy();
      });
    },
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

/** A URL safe to log: the password is replaced. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '****';
    return parsed.toString();
  } catch {
    return 'the configured URL';
  }
}

function deadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis ${what} took longer than ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
