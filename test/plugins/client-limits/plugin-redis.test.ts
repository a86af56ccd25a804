import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ModelResponse } from '@sluice/core';
import { freePort } from '../../fixtures/free-port.js';
import { describeRedis, privateRedisOrSkip } from '../../fixtures/redis.js';
import { redisCommand } from '../../fixtures/resp.js';
import { caller, completion, deferred, limitsKernel, statusOf, type LimitsUnderTest } from './limits-under-test.js';
import type { ClientLimitsOptionsInput } from '@sluice/plugin-client-limits';

describeRedis('client limits: counters on Redis', (redis) => {
  const open: LimitsUnderTest[] = [];
  afterEach(async () => {
    for (const limits of open.splice(0)) await limits.close();
    await redis().cleanup();
  });
  const gateway = async (
    tenantLimits: NonNullable<ClientLimitsOptionsInput['tenantLimits']> = [{ tenant: 'acme', limits: { requestsPerMinute: 3 } }],
  ) => {
    const limits = await limitsKernel({ kvUrl: redis().url, keyPrefix: redis().prefix, tenantLimits });
    open.push(limits);
    return limits;
  };

  it('with only keys’ limits possible, opens Redis on the first request that has one, and never before', async () => {
    const idle = await limitsKernel({ kvUrl: `redis://127.0.0.1:${await freePort()}`, timeoutSeconds: 0.5 });
    try {
      assert.deepEqual(idle.plugin.health(), [], 'no store to report while no limit applies');
      assert.equal(statusOf(await idle.ask({ caller: caller('none', {}) })), 200);
      assert.deepEqual(idle.plugin.health(), [], 'a key without limits opens nothing');
    } finally {
      await idle.close();
    }
    const keyed = await limitsKernel({ kvUrl: redis().url, keyPrefix: redis().prefix });
    try {
      assert.deepEqual(keyed.plugin.health(), []);
      const limited = caller('lazy', { requestsPerMinute: 1 });
      assert.equal(statusOf(await keyed.ask({ caller: limited })), 200);
      assert.equal(statusOf(await keyed.ask({ caller: limited })), 429);
      assert.equal(keyed.plugin.health()[0]?.name, 'limits_kv');
      assert.equal(keyed.plugin.health()[0]?.up, true);
    } finally {
      await keyed.close();
    }
  });

  it('two gateways on one Redis share a tenant’s requests per minute, under the configured prefix', async () => {
    const gateways = [await gateway(), await gateway()];
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push(statusOf(await gateways[i % 2]!.ask({ caller: caller(`k${i}`, {}) })));
    assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    const keys = (await redisCommand(redis().port, ['KEYS', `${redis().prefix}*`])) as string[];
    assert.deepEqual(
      keys.map((key) => key.slice(redis().prefix.length)),
      [`rpm:tenant:acme:${Math.floor(gateways[0]!.now / 60_000)}`],
    );
  });

  it('two gateways share a spend budget: spend added by one refuses the other', async () => {
    const budget = [{ tenant: 'acme', limits: { budget: { microUsd: 20, period: 'day' as const } } }];
    const [a, b] = [await gateway(budget), await gateway(budget)];
    assert.equal(statusOf(await a.ask({ caller: caller('x', {}) })), 200);
    const refused = await b.ask({ caller: caller('y', {}) });
    assert.equal(refused.error?.code, 'insufficient_quota');
  });

  it('two gateways share request slots: one held on a gateway refuses the other until it finishes', async () => {
    const limit = [{ tenant: 'acme', limits: { concurrentRequests: 1 } }];
    const [a, b] = [await gateway(limit), await gateway(limit)];
    const answer = deferred<ModelResponse>();
    const running = a.ask({ caller: caller('x', {}), upstream: answer.promise });
    await sleep(50);
    assert.equal((await b.ask({ caller: caller('y', {}) })).error?.code, 'rate_limit_exceeded');
    const slots = () => redisCommand(redis().port, ['KEYS', `${redis().prefix}conc:*`]) as Promise<string[]>;
    const [held] = await slots();
    assert.equal(await redisCommand(redis().port, ['ZCARD', held!]), 1);
    const ttl = (await redisCommand(redis().port, ['PTTL', held!])) as number;
    assert.ok(ttl > 0 && ttl <= 60_000, `the slot expires unless renewed (${ttl} ms)`);
    answer.resolve(completion());
    assert.equal(statusOf(await running), 200);
    assert.deepEqual(await slots(), [], 'no slot left held');
    assert.equal(statusOf(await b.ask({ caller: caller('y', {}) })), 200);
  });
});

describe('client limits: Redis faults', () => {
  it('a Redis that goes down lets requests through, counted (limits_fail_open on), or refuses them with 503 (off)', async function () {
    const redis = await privateRedisOrSkip(this, 'client limits Redis faults');
    const tenantLimits = [{ tenant: 'acme', limits: { requestsPerMinute: 100 } }];
    const common = { kvUrl: redis.url, keyPrefix: redis.prefix, timeoutSeconds: 0.5, tenantLimits };
    const open = await limitsKernel(common);
    const closed = await limitsKernel({ ...common, failOpen: false });
    try {
      assert.equal(statusOf(await closed.ask({ caller: caller('a', {}) })), 200);
      assert.deepEqual(closed.plugin.health()[0], { name: 'limits_kv', readinessRequired: true, initialised: true, up: true });
      assert.equal(open.plugin.health()[0]?.readinessRequired, false);
      await redis.kill();
      const refused = await closed.ask({ caller: caller('a', {}) });
      assert.deepEqual([refused.error?.code, refused.error?.status], ['limits_unavailable', 503]);
      assert.equal(statusOf(await open.ask({ caller: caller('a', {}) })), 200);
      assert.equal(await open.counter('gw_limit_store_errors_total', { operation: 'check' }), 1);
      assert.equal(open.events.find((e) => e.event_type === 'limit.unavailable')?.outcome, 'allowed');
      assert.equal(closed.events.find((e) => e.event_type === 'limit.unavailable')?.outcome, 'failed');
      assert.equal(open.plugin.health()[0]?.up, false);
    } finally {
      await open.close();
      await closed.close();
      await redis.stop();
    }
  });

  it('refuses to start when Redis is unreachable and limits_fail_open is off; starts unlimited when on', async () => {
    const kvUrl = `redis://127.0.0.1:${await freePort()}`;
    const tenantLimits = [{ tenant: 'acme', limits: { requestsPerMinute: 1 } }];
    await assert.rejects(limitsKernel({ kvUrl, timeoutSeconds: 0.5, failOpen: false, tenantLimits }), /client-limits.*limits_kv/);
    const open = await limitsKernel({ kvUrl, timeoutSeconds: 0.5, tenantLimits });
    try {
      assert.equal(statusOf(await open.ask({ caller: caller('a', {}) })), 200);
      assert.equal(statusOf(await open.ask({ caller: caller('a', {}) })), 200);
      assert.equal(await open.counter('gw_limit_store_errors_total', { operation: 'check' }), 2);
      assert.equal(open.plugin.health()[0]?.initialised, false, 'a stand-in until restart');
    } finally {
      await open.close();
    }
  });
});
