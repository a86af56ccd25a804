import assert from 'node:assert/strict';
import { caller, completion, errorBody, limitsKernel, NOON, statusOf, type LimitsUnderTest } from './limits-under-test.js';

describe('client limits: tokens per minute', () => {
  let limits: LimitsUnderTest | undefined;
  afterEach(async () => limits?.close());

  it('counts upstream tokens after the fact and refuses, type tokens, while the minute is already over', async () => {
    limits = await limitsKernel({});
    const app = caller('app', { tokensPerMinute: 100 });
    limits.now = NOON + 10_000;
    assert.equal(statusOf(await limits.ask({ caller: app, upstream: completion(60, 30) })), 200);
    const second = await limits.ask({ caller: app, upstream: completion(60, 30) });
    assert.equal(statusOf(second), 200, '90 tokens counted: under the limit, so the request goes on');
    assert.equal(second.responseHeaders['x-ratelimit-remaining-tokens'], '10');
    const refused = await limits.ask({ caller: app });
    assert.equal(statusOf(refused), 429);
    const { error } = errorBody(refused);
    assert.equal(error.code, 'rate_limit_exceeded');
    assert.equal(error.type, 'tokens');
    assert.match(error.message, /tokens per minute of client key "app": 180 of 100 used/);
    assert.equal(refused.error?.headers?.['retry-after'], '50');
    assert.equal(await limits.counter('gw_limit_rejections_total', { scope: 'key', limit: 'tokens' }), 1);
    limits.now = NOON + 60_000;
    assert.equal(statusOf(await limits.ask({ caller: app })), 200, 'the next minute starts from zero');
  });

  it('a cache hit spends no tokens', async () => {
    limits = await limitsKernel({ tenantLimits: [{ tenant: 'acme', limits: { tokensPerMinute: 10 } }] });
    for (let i = 0; i < 3; i += 1) assert.equal(statusOf(await limits.ask({ caller: caller('a', {}), hit: true })), 200);
    assert.equal(statusOf(await limits.ask({ caller: caller('a', {}) })), 200);
    assert.equal(statusOf(await limits.ask({ caller: caller('a', {}) })), 429, '15 upstream tokens are over 10');
  });
});
