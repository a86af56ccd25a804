import assert from 'node:assert/strict';
import { freePort } from '../../fixtures/free-port.js';
import { privateRedisOrSkip } from '../../fixtures/redis.js';
import { usageKernel, writePolicy } from './usage-under-test.js';

const METERED = { policies: { metered: { quotas: [{ id: 'daily', window: 'day', requests: 100 }] } }, default_policy: 'metered' };

describe('usage guard: Redis faults', () => {
  let policyFile: string;
  let removePolicy: () => Promise<void>;
  before(async () => {
    ({ file: policyFile, remove: removePolicy } = await writePolicy(METERED));
  });
  after(() => removePolicy());

  it('a Redis that goes down fails requests as usage_guard_unavailable, or lets them go on with guard_fail_open', async function () {
    const redis = await privateRedisOrSkip(this, 'usage guard Redis faults');
    const closed = await usageKernel({ policyFile, kvUrl: redis.url, kvKeyPrefix: redis.prefix, timeoutSeconds: 1 });
    const open = await usageKernel({
      policyFile,
      kvUrl: redis.url,
      kvKeyPrefix: redis.prefix,
      timeoutSeconds: 1,
      failOpen: true,
    });
    try {
      assert.equal((await closed.ask('hello')).response?.status, 200);
      assert.equal(closed.plugin.health()[0]?.up, true);
      await redis.kill();
      const failed = await closed.ask('hello');
      assert.deepEqual([failed.error?.code, failed.error?.status], ['usage_guard_unavailable', 502]);
      assert.equal(closed.plugin.health()[0]?.up, false);
      assert.equal(closed.events.at(-1)?.event_type, 'usage.failed');
      const through = await open.ask('hello');
      assert.equal(through.response?.status, 200);
      assert.equal(await open.counter('gw_guard_requests_total', { guard: 'usage', outcome: 'failed_open' }), 1);
    } finally {
      await closed.close();
      await open.close();
      await redis.stop();
    }
  });

  it('refuses to start when Redis is unreachable and guard_fail_open is off', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    await assert.rejects(
      usageKernel({ policyFile, kvUrl: url, timeoutSeconds: 0.5 }),
      /plugin "usage-guard" failed to start: usage kv: Redis at redis:\/\/127\.0\.0\.1:\d+\/? did not answer/,
    );
  });

  it('starts without quotas when Redis is unreachable and guard_fail_open is on; every request goes on', async () => {
    const guard = await usageKernel({
      policyFile,
      kvUrl: `redis://127.0.0.1:${await freePort()}`,
      timeoutSeconds: 0.5,
      failOpen: true,
    });
    try {
      assert.deepEqual(
        guard.plugin.health().map((h) => [h.name, h.initialised, h.up]),
        [['usage_kv', false, false]],
      );
      assert.equal((await guard.ask('hello')).response?.status, 200);
      assert.equal(await guard.counter('gw_guard_requests_total', { guard: 'usage', outcome: 'failed_open' }), 1);
    } finally {
      await guard.close();
    }
  });
});
