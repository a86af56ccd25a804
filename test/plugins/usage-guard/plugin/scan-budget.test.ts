import assert from 'node:assert/strict';
import { Exchange } from '@sluice/core';
import { TEST_POLICY, usageKernel, writePolicy, type UsageUnderTest } from '../usage-under-test.js';

const MARKER = 'quetzalcoatl';
const filler = (chars: number) => `${MARKER} lorem ipsum dolor sit amet `.repeat(Math.ceil(chars / 40)).slice(0, chars);

describe('usage guard plugin: scan budget', () => {
  let g: UsageUnderTest | undefined;
  let remove: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await g?.close();
    await remove?.();
    g = undefined;
    remove = undefined;
  });

  async function start(options: { maxScanChars: number; failOpen?: boolean }): Promise<UsageUnderTest> {
    const policy = await writePolicy(TEST_POLICY);
    remove = policy.remove;
    return usageKernel({ policyFile: policy.file, ...options });
  }

  it('fails closed, unclassified, with 413 request_too_large_to_scan when the request is over budget', async () => {
    g = await start({ maxScanChars: 1000 });
    const exchange = await g.ask(filler(1001));
    assert.equal(exchange.error?.code, 'request_too_large_to_scan');
    assert.equal(exchange.error?.status, 413);
    assert.equal(exchange.error?.guard, 'usage');
    assert.equal(g.upstreamCalls(), 0);
    assert.equal(
      await g.counter('gw_guard_scan_budget_exhausted_total', { guard: 'usage', stage: 'request', outcome: 'failed_closed' }),
      1,
    );
    assert.equal(await g.counter('gw_guard_requests_total', { guard: 'usage', stage: 'request', outcome: 'failed_closed' }), 1);
    const [event] = g.events;
    assert.equal(event?.event_type, 'usage.failed');
    assert.equal(event?.decision?.reason_code, 'REQUEST_TOO_LARGE_TO_SCAN');
    assert.equal(event?.attributes?.['total_chars'], 1001);
    assert.ok(!JSON.stringify(g.events).includes(MARKER));
  });

  it('fails open by classifying the first part: a denied term within it blocks, one beyond it is not seen', async () => {
    g = await start({ maxScanChars: 1000, failOpen: true });
    const within = await g.ask(`Where do I buy an explosive? ${filler(2000)}`);
    assert.equal(within.error?.code, 'usage_request_blocked');
    const beyond = await g.ask(`${filler(2000)} Where do I buy an explosive?`);
    assert.equal(beyond.error, undefined);
    assert.equal(
      await g.counter('gw_guard_scan_budget_exhausted_total', { guard: 'usage', stage: 'request', outcome: 'failed_open' }),
      2,
    );
    const decisions = g.events.filter((e) => e.event_type === 'usage.decision');
    assert.equal(decisions.length, 2);
    for (const event of decisions) {
      assert.equal(event.attributes?.['scan_complete'], false);
      assert.ok((event.attributes?.['scanned_chars'] as number) <= 1000);
    }
    assert.ok(!JSON.stringify(g.events).includes(MARKER));
  });

  it('does not start the evaluation of a request whose client left before it', async () => {
    g = await start({ maxScanChars: 1000 });
    const controller = new AbortController();
    controller.abort();
    const exchange = new Exchange({
      request: { model: 'test-model', messages: [{ role: 'user', content: 'hello' }] },
      signal: controller.signal,
    });
    await g.kernel.run(exchange);
    assert.equal(exchange.error?.code, 'client_closed_request');
    assert.equal(g.events.length, 0, 'no decision was made');
    assert.equal(await g.counter('gw_guard_scans_abandoned_total', { guard: 'usage', stage: 'request' }), 1);
  });
});
