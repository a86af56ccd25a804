import assert from 'node:assert/strict';
import type { ModuleServer } from '@sluice/guard-kit';
import { startUsageGuardServer } from '@sluice/plugin-usage-guard';
import { describeRedis } from '../../fixtures/redis.js';
import { redisCommand } from '../../fixtures/resp.js';
import { usageKernel, writePolicy, type UsageUnderTest } from './usage-under-test.js';

const policy = (window: string | number, requests: number) => ({
  policies: { metered: { quotas: [{ id: 'shared', window, requests }] } },
  default_policy: 'metered',
});

async function statuses(guards: UsageUnderTest[], count: number): Promise<(number | undefined)[]> {
  const out: (number | undefined)[] = [];
  for (let i = 0; i < count; i += 1) {
    const exchange = await guards[i % guards.length]!.ask('hello', { tenant: 'acme' });
    out.push(exchange.error?.status ?? exchange.response?.status);
  }
  return out;
}

describeRedis('usage guard: quotas shared on Redis', (redis) => {
  const files: (() => Promise<void>)[] = [];
  after(async () => {
    for (const remove of files) await remove();
  });
  async function policyFile(window: string | number, requests: number): Promise<string> {
    const { file, remove } = await writePolicy(policy(window, requests));
    files.push(remove);
    return file;
  }
  const local = async (file: string) => usageKernel({ policyFile: file, kvUrl: redis().url, kvKeyPrefix: redis().prefix });

  it('two gateways (kernels) share one quota: the fourth request is blocked whichever gateway gets it', async () => {
    const file = await policyFile('day', 3);
    const guards = [await local(file), await local(file)];
    try {
      assert.deepEqual(await statuses(guards, 5), [200, 200, 200, 403, 403]);
      const keys = (await redisCommand(redis().port, ['KEYS', `${redis().prefix}*`])) as string[];
      assert.equal(keys.length, 1);
      assert.match(keys[0] ?? '', /^sluice-test:[0-9a-f]+:acme:metered:shared:86400:\d+:requests$/);
      assert.equal(await redisCommand(redis().port, ['GET', keys[0]!]), '3', 'blocked requests did not count');
      const ttl = (await redisCommand(redis().port, ['PTTL', keys[0]!])) as number;
      assert.ok(ttl > 0 && ttl <= 86_400_000, `expires within its window (${ttl} ms)`);
    } finally {
      for (const guard of guards) await guard.close();
      await redis().cleanup();
    }
  });

  it('two module servers share one quota through Redis', async () => {
    const file = await policyFile('day', 2);
    const servers: ModuleServer[] = [];
    for (let i = 0; i < 2; i += 1) {
      servers.push(
        await startUsageGuardServer({
          listen: '127.0.0.1:0',
          apiKey: 'k',
          policyFile: file,
          kvUrl: redis().url,
          keyPrefix: redis().prefix,
        }),
      );
    }
    const guards = await Promise.all(servers.map((s) => usageKernel({ url: s.url, apiKey: 'k' })));
    try {
      assert.deepEqual(await statuses(guards, 4), [200, 200, 403, 403]);
    } finally {
      for (const guard of guards) await guard.close();
      for (const server of servers) await server.close();
      await redis().cleanup();
    }
  });

  it('adds concurrent charges from two gateways atomically: exactly the quota gets through', async () => {
    const file = await policyFile('day', 5);
    const guards = [await local(file), await local(file)];
    try {
      const exchanges = await Promise.all(Array.from({ length: 30 }, (_, i) => guards[i % 2]!.ask('hello', { tenant: 'acme' })));
      assert.equal(exchanges.filter((e) => e.response?.status === 200).length, 5);
      assert.equal(exchanges.filter((e) => e.error?.code === 'usage_request_blocked').length, 25);
    } finally {
      for (const guard of guards) await guard.close();
      await redis().cleanup();
    }
  });

  it('counters expire with their window: a used-up quota comes back in the next one, and the old key is gone', async () => {
    const windowMs = 2000;
    const file = await policyFile(windowMs / 1000, 1);
    const guard = await local(file);
    try {
      // Start just inside a window, so the two requests below fall in the same one.
      await sleep(windowMs - (Date.now() % windowMs) + 20);
      assert.deepEqual(await statuses([guard], 2), [200, 403]);
      const [key] = (await redisCommand(redis().port, ['KEYS', `${redis().prefix}*`])) as string[];
      assert.ok(key !== undefined);
      const ttl = (await redisCommand(redis().port, ['PTTL', key])) as number;
      assert.ok(ttl > 0 && ttl <= windowMs, `the counter lives at most its window (${ttl} ms)`);
      await sleep(ttl + 50);
      assert.equal(await redisCommand(redis().port, ['EXISTS', key]), 0, 'the counter expired with its window');
      assert.deepEqual(await statuses([guard], 1), [200]);
    } finally {
      await guard.close();
      await redis().cleanup();
    }
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
