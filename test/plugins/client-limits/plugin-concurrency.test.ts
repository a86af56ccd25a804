import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Exchange, ModelResponse } from '@sluice/core';
import {
  caller,
  completion,
  deferred,
  errorBody,
  limitsKernel,
  statusOf,
  type Ask,
  type LimitsUnderTest,
} from './limits-under-test.js';

describe('client limits: requests at once', () => {
  let limits: LimitsUnderTest;
  const app = caller('app', { concurrentRequests: 1 });
  beforeEach(async () => {
    limits = await limitsKernel({});
  });
  afterEach(async () => limits.close());

  /** Starts a request that holds its slot until `release`, then checks a second one is refused meanwhile. */
  async function holdingOne(ask: Partial<Ask> = {}) {
    const answer = deferred<ModelResponse>();
    const first = limits.ask({ caller: app, upstream: answer.promise, ...ask });
    await sleep(20);
    const refused = await limits.ask({ caller: app });
    assert.equal(statusOf(refused), 429, 'the slot is held while the first request runs');
    return { answer, first };
  }
  const freeAgain = async () => assert.equal(statusOf(await limits.ask({ caller: app })), 200, 'the slot was released');

  it('refuses a second request while one is in flight, rate_limit_exceeded type requests, and frees the slot on success', async () => {
    const { answer, first } = await holdingOne();
    answer.resolve(completion());
    assert.equal(statusOf(await first), 200);
    const refusal = limits.events.find((e) => e.event_type === 'limit.rejected');
    assert.equal(refusal?.decision?.rule_id, 'key.concurrency');
    await freeAgain();
    assert.equal(await limits.counter('gw_limit_rejections_total', { scope: 'key', limit: 'concurrency' }), 1);
  });

  it('frees the slot when the upstream fails', async () => {
    const { answer, first } = await holdingOne();
    answer.reject(new Error('provider reset'));
    assert.equal(statusOf(await first), 500);
    await freeAgain();
  });

  it('frees the slot when the client leaves', async () => {
    const controller = new AbortController();
    const { first } = await holdingOne({ signal: controller.signal });
    controller.abort();
    const left: Exchange = await first;
    assert.equal(left.error?.code, 'client_closed_request');
    await freeAgain();
  });

  it('frees the slot when a later guard blocks the request, and when another limit refuses it', async () => {
    assert.equal(statusOf(await limits.ask({ caller: app, block: true })), 403);
    await freeAgain();
    const both = caller('both', { concurrentRequests: 1, requestsPerMinute: 1 });
    assert.equal(statusOf(await limits.ask({ caller: both })), 200);
    const refused = await limits.ask({ caller: both });
    assert.match(errorBody(refused).error.message, /requests per minute/);
    assert.equal(statusOf(await limits.ask({ caller: caller('both', { concurrentRequests: 1 }) })), 200, 'no slot was left held');
  });

  it('a tenant limit counts requests of all its keys at once', async () => {
    await limits.close();
    limits = await limitsKernel({ tenantLimits: [{ tenant: 'acme', limits: { concurrentRequests: 2 } }] });
    const answers = [deferred<ModelResponse>(), deferred<ModelResponse>()];
    const running = answers.map((answer, i) => limits.ask({ caller: caller(`k${i}`, {}), upstream: answer.promise }));
    await sleep(20);
    const refused = await limits.ask({ caller: caller('k3', {}) });
    assert.match(errorBody(refused).error.message, /requests at once of tenant "acme": 2 of 2 used/);
    assert.equal(refused.error?.headers?.['retry-after'], '1');
    for (const answer of answers) answer.resolve(completion());
    await Promise.all(running);
    assert.equal(statusOf(await limits.ask({ caller: caller('k3', {}) })), 200);
  });
});
