import assert from 'node:assert/strict';
import { memoryQuotaCounters, parseUsagePolicy, UsageEngine, type UsageMode } from '@sluice/plugin-usage-guard';
import { TEST_POLICY } from './usage-under-test.js';

const QUOTAS = parseUsagePolicy({
  categories: TEST_POLICY.categories,
  policies: {
    limited: {
      denied_categories: ['weapons'],
      quotas: [
        { id: 'rpm', window: 'minute', requests: 3 },
        { id: 'tokens', window: 'hour', prompt_tokens: 100 },
      ],
    },
  },
  default_policy: 'limited',
});

/** An engine on a clock the test moves. */
function clockedEngine() {
  let now = Date.UTC(2025, 0, 1, 12, 0, 0);
  const engine = new UsageEngine({ policy: QUOTAS, counters: memoryQuotaCounters(), now: () => now });
  return {
    engine,
    advance: (ms: number) => void (now += ms),
    ask: (mode: UsageMode = 'enforce', content = 'hi', tenant = 't', tokens?: number) =>
      engine.evaluate({
        tenant_id: tenant,
        mode,
        messages: [{ role: 'user', content }],
        ...(tokens === undefined ? {} : { prompt_tokens_estimate: tokens }),
      }),
  };
}

describe('usage engine: quotas', () => {
  it('blocks the request past a request quota, names the quota, and allows again in the next window', async () => {
    const { engine, ask, advance } = clockedEngine();
    try {
      for (let i = 0; i < 3; i += 1) assert.equal((await ask()).blocked, false, `request ${i + 1}`);
      const fourth = await ask();
      assert.deepEqual([fourth.blocked, fourth.decision, fourth.rule_id], [true, 'block', 'quota:rpm']);
      assert.match(fourth.reason, /quota "rpm" of policy "limited" is used up: 3 requests per 60 s/);
      assert.equal(
        fourth.findings.find((f) => f.kind === 'quota:rpm')?.count,
        3,
        'the counter, unchanged by the blocked request',
      );
      advance(60_000);
      assert.equal((await ask()).blocked, false, 'a new window starts from zero');
    } finally {
      await engine.close();
    }
  });

  it('keeps each tenant’s counters apart', async () => {
    const { engine, ask } = clockedEngine();
    try {
      for (let i = 0; i < 3; i += 1) await ask('enforce', 'hi', 'one');
      assert.equal((await ask('enforce', 'hi', 'one')).blocked, true);
      assert.equal((await ask('enforce', 'hi', 'two')).blocked, false);
    } finally {
      await engine.close();
    }
  });

  it('counts estimated prompt tokens (about four characters each) and blocks past the token quota', async () => {
    const { engine, ask } = clockedEngine();
    try {
      assert.equal((await ask('enforce', 'x'.repeat(360))).blocked, false, '90 tokens fit');
      const over = await ask('enforce', 'x'.repeat(44));
      assert.deepEqual([over.blocked, over.rule_id], [true, 'quota:tokens'], '90 + 11 > 100');
      assert.equal((await ask('enforce', 'x'.repeat(40))).blocked, false, 'the blocked request used no tokens: 90 + 10 fits');
    } finally {
      await engine.close();
    }
  });

  it('uses the gateway’s token estimate when the request carries one', async () => {
    const { engine, ask } = clockedEngine();
    try {
      assert.deepEqual([(await ask('enforce', 'short', 't', 101)).rule_id], ['quota:tokens']);
    } finally {
      await engine.close();
    }
  });

  it('does not count a request an enforcing mode blocks, but counts every request that goes on', async () => {
    const { engine, ask } = clockedEngine();
    try {
      for (let i = 0; i < 5; i += 1) assert.equal((await ask('enforce', 'a firearm')).blocked, true);
      for (let i = 0; i < 3; i += 1) assert.equal((await ask()).blocked, false, 'blocked requests left the quota whole');
      const detected = await ask('detect_only');
      assert.deepEqual([detected.blocked, detected.rule_id], [false, 'quota:rpm'], 'detect_only counts and reports');
      const warned = await ask('warn');
      assert.deepEqual([warned.blocked, warned.decision, warned.rule_id], [false, 'warn', 'quota:rpm']);
      assert.match(warned.warnings[0] ?? '', /quota "rpm"/);
      assert.equal(
        warned.findings.find((f) => f.kind === 'quota:rpm')?.count,
        5,
        'the detected and warned requests were counted',
      );
    } finally {
      await engine.close();
    }
  });

  it('counts a request in warn mode even when it breaks a category rule', async () => {
    const { engine, ask } = clockedEngine();
    try {
      for (let i = 0; i < 3; i += 1) await ask('warn', 'a firearm');
      assert.equal((await ask()).rule_id, 'quota:rpm');
    } finally {
      await engine.close();
    }
  });

  it('adds concurrent charges one at a time: exactly the quota gets through', async () => {
    const { engine, ask } = clockedEngine();
    try {
      const replies = await Promise.all(Array.from({ length: 20 }, () => ask()));
      assert.equal(replies.filter((r) => !r.blocked).length, 3);
    } finally {
      await engine.close();
    }
  });
});
