import assert from 'node:assert/strict';
import { caller, errorBody, limitsKernel, NOON, statusOf, type LimitsUnderTest } from './limits-under-test.js';

describe('client limits: requests per minute', () => {
  let limits: LimitsUnderTest | undefined;
  afterEach(async () => limits?.close());

  it('counts every request of a key, cache hits included, and refuses the one over with 429 until the minute ends', async () => {
    limits = await limitsKernel({});
    const app = caller('billing-app', { requestsPerMinute: 2 });
    limits.now = NOON + 48_000;
    assert.equal(statusOf(await limits.ask({ caller: app })), 200);
    assert.equal(statusOf(await limits.ask({ caller: app, hit: true })), 200);
    const refused = await limits.ask({ caller: app });
    assert.equal(statusOf(refused), 429);
    const { error } = errorBody(refused);
    assert.equal(error.code, 'rate_limit_exceeded');
    assert.equal(error.type, 'requests');
    assert.match(error.message, /requests per minute of client key "billing-app": 2 of 2 used\. Try again in 12 s\./);
    assert.equal(refused.error?.headers?.['retry-after'], '12');
    assert.equal(limits.upstreamCalls(), 1, 'the refused request reached no upstream');
    limits.now = NOON + 60_000;
    assert.equal(statusOf(await limits.ask({ caller: app })), 200, 'a new minute, a new count');
  });

  it('a tenant block limits all of its keys together; another tenant is not affected', async () => {
    limits = await limitsKernel({ tenantLimits: [{ tenant: 'acme', limits: { requestsPerMinute: 3 } }] });
    const statuses = [];
    for (const key of ['a', 'b', 'a', 'b']) statuses.push(statusOf(await limits.ask({ caller: caller(key, {}) })));
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    const refused = await limits.ask({ caller: caller('c', {}) });
    assert.match(errorBody(refused).error.message, /of tenant "acme"/);
    assert.equal(statusOf(await limits.ask({ caller: caller('z', {}, 'globex') })), 200);
    assert.equal(await limits.counter('gw_limit_rejections_total', { scope: 'tenant', limit: 'requests' }), 2);
    assert.equal(await limits.counter('gw_limit_rejections_total', { scope: 'key' }), 0);
  });

  it('default tenant limits apply to each tenant without a block of its own, unkeyed requests included, each counted apart', async () => {
    limits = await limitsKernel({
      tenantLimits: [{ tenant: 'acme', limits: { requestsPerMinute: 5 } }],
      defaultTenantLimits: { limits: { requestsPerMinute: 1 } },
    });
    assert.equal(statusOf(await limits.ask()), 200);
    assert.equal(statusOf(await limits.ask()), 429, 'the unkeyed default tenant has its one request');
    assert.equal(statusOf(await limits.ask({ caller: caller('g', {}, 'globex') })), 200);
    assert.equal(statusOf(await limits.ask({ caller: caller('g', {}, 'globex') })), 429);
    assert.equal(statusOf(await limits.ask({ caller: caller('a', {}, 'acme') })), 200);
    assert.equal(statusOf(await limits.ask({ caller: caller('a', {}, 'acme') })), 200, 'acme has its own block');
  });

  it('answers x-ratelimit headers with the tightest scope, and none when no limit applies', async () => {
    limits = await limitsKernel({ tenantLimits: [{ tenant: 'acme', limits: { requestsPerMinute: 100 } }] });
    limits.now = NOON + 30_000;
    const answered = await limits.ask({ caller: caller('app', { requestsPerMinute: 10 }) });
    assert.equal(answered.responseHeaders['x-ratelimit-limit-requests'], '10');
    assert.equal(answered.responseHeaders['x-ratelimit-remaining-requests'], '9');
    assert.equal(answered.responseHeaders['x-ratelimit-reset-requests'], '30s');
    const free = await limits.ask({ caller: caller('free', {}, 'globex') });
    assert.equal(free.responseHeaders['x-ratelimit-limit-requests'], undefined);
  });

  it('evidences a refusal with the scope, the limit and Retry-After, and no prompt text', async () => {
    limits = await limitsKernel({});
    const app = caller('app', { requestsPerMinute: 1 });
    await limits.ask({ caller: app });
    await limits.ask({ caller: app });
    const event = limits.events.find((e) => e.event_type === 'limit.rejected');
    assert.ok(event);
    assert.equal(event.category, 'policy');
    assert.equal(event.outcome, 'blocked');
    assert.deepEqual(event.decision, { action: 'reject', reason_code: 'RATE_LIMIT_EXCEEDED', rule_id: 'key.requests' });
    assert.equal(event.attributes?.limit_scope, 'key');
    assert.equal(event.attributes?.limit_kind, 'requests');
    assert.equal(event.attributes?.retry_after_seconds, 60);
    assert.equal(event.actor?.application_id, 'app');
    assert.ok(!JSON.stringify(limits.events).includes('hello'));
  });
});
