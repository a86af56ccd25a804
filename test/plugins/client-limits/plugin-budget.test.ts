import assert from 'node:assert/strict';
import { caller, errorBody, limitsKernel, statusOf, type LimitsUnderTest } from './limits-under-test.js';

/** completion(10, 5) costs 10 × 1 + 5 × 2 = 20 micro-USD. */
const COST = 20;

describe('client limits: spend budgets', () => {
  let limits: LimitsUnderTest | undefined;
  afterEach(async () => limits?.close());

  it('adds upstream spend after the fact and refuses with insufficient_quota once spent reaches the budget, until midnight UTC', async () => {
    limits = await limitsKernel({}, Date.UTC(2026, 10, 26, 23, 0, 0));
    const app = caller('app', { budget: { microUsd: 2 * COST, period: 'day' } });
    assert.equal(statusOf(await limits.ask({ caller: app })), 200);
    assert.equal(statusOf(await limits.ask({ caller: app })), 200);
    const refused = await limits.ask({ caller: app });
    assert.equal(statusOf(refused), 429);
    const { error } = errorBody(refused);
    assert.equal(error.code, 'insufficient_quota');
    assert.equal(error.type, 'insufficient_quota');
    assert.match(error.message, /budget of client key "app" for this calendar day \(UTC\) is used up: 40 of 40 micro-USD/);
    assert.equal(refused.error?.headers?.['retry-after'], '3600');
    assert.equal(limits.upstreamCalls(), 2);
    assert.equal(await limits.counter('gw_limit_spend_micro_usd_total', { scope: 'key' }), 2 * COST);
    assert.equal(await limits.counter('gw_limit_rejections_total', { scope: 'key', limit: 'budget' }), 1);
    const event = limits.events.find((e) => e.event_type === 'limit.rejected');
    assert.equal(event?.decision?.reason_code, 'INSUFFICIENT_QUOTA');
    assert.equal(event?.attributes?.budget_period, 'day');
    limits.now = Date.UTC(2026, 10, 27, 0, 0, 0);
    assert.equal(statusOf(await limits.ask({ caller: app })), 200, 'a new day, a new budget');
  });

  it('a month budget spans the days of its month and renews on the first of the next', async () => {
    limits = await limitsKernel(
      { tenantLimits: [{ tenant: 'acme', limits: { budget: { microUsd: COST, period: 'month' } } }] },
      Date.UTC(2026, 10, 1, 0, 0, 0),
    );
    assert.equal(statusOf(await limits.ask({ caller: caller('a', {}) })), 200);
    limits.now = Date.UTC(2026, 10, 30, 23, 59, 59);
    const refused = await limits.ask({ caller: caller('b', {}) });
    assert.equal(statusOf(refused), 429);
    assert.equal(refused.error?.headers?.['retry-after'], '1');
    limits.now = Date.UTC(2026, 11, 1, 0, 0, 0);
    assert.equal(statusOf(await limits.ask({ caller: caller('b', {}) })), 200);
  });

  it('cache hits, blocked requests and failed upstream calls spend nothing', async () => {
    limits = await limitsKernel({ tenantLimits: [{ tenant: 'acme', limits: { budget: { microUsd: COST, period: 'day' } } }] });
    const app = caller('a', {});
    for (let i = 0; i < 3; i += 1) assert.equal(statusOf(await limits.ask({ caller: app, hit: true })), 200);
    assert.equal(statusOf(await limits.ask({ caller: app, block: true })), 403);
    assert.equal(statusOf(await limits.ask({ caller: app, upstream: new Error('provider down') })), 500);
    assert.equal(await limits.counter('gw_limit_spend_micro_usd_total'), 0);
    assert.equal(statusOf(await limits.ask({ caller: app })), 200);
    assert.equal(statusOf(await limits.ask({ caller: app, hit: true })), 429, 'once spent, even a hit is refused');
  });

  it('a key budget and its tenant budget both count the same spend', async () => {
    limits = await limitsKernel({
      tenantLimits: [{ tenant: 'acme', limits: { budget: { microUsd: 3 * COST, period: 'day' } } }],
    });
    const small = caller('small', { budget: { microUsd: COST, period: 'day' } });
    assert.equal(statusOf(await limits.ask({ caller: small })), 200);
    assert.match(errorBody(await limits.ask({ caller: small })).error.message, /client key "small"/);
    assert.equal(statusOf(await limits.ask({ caller: caller('other', {}) })), 200);
    assert.equal(statusOf(await limits.ask({ caller: caller('other', {}) })), 200);
    assert.match(errorBody(await limits.ask({ caller: caller('other', {}) })).error.message, /tenant "acme"/);
    assert.equal(await limits.counter('gw_limit_spend_micro_usd_total', { scope: 'tenant' }), 3 * COST);
    assert.equal(await limits.counter('gw_limit_spend_micro_usd_total', { scope: 'key' }), COST);
  });
});
