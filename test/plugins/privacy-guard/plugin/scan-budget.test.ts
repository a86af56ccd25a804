import assert from 'node:assert/strict';
import { Exchange } from '@sluice/core';
import { completion, privacyKernel, type PrivacyUnderTest } from '../privacy-under-test.js';

const MARKER = 'quetzalcoatl';
const EMAIL = 'ana.lopez@example.org';
const LATE_EMAIL = 'bo.diaz@example.net';
const filler = (chars: number) => `${MARKER} lorem ipsum dolor sit amet `.repeat(Math.ceil(chars / 40)).slice(0, chars);
const request = (content: string) => ({ model: 'test-model', messages: [{ role: 'user', content }] });

describe('privacy guard plugin: scan budget', () => {
  let g: PrivacyUnderTest | undefined;
  afterEach(async () => {
    await g?.close();
    g = undefined;
  });

  it('fails closed, unscanned, with 413 request_too_large_to_scan when the request is over budget', async () => {
    g = await privacyKernel({ url: 'local', mode: 'anonymize', maxScanChars: 1000 });
    const exchange = await g.ask(`${EMAIL} ${filler(1000)}`);
    assert.equal(exchange.error?.code, 'request_too_large_to_scan');
    assert.equal(exchange.error?.status, 413);
    assert.equal(exchange.error?.guard, 'privacy');
    assert.equal(g.upstreamCalls(), 0);
    assert.equal(
      await g.counter('gw_guard_scan_budget_exhausted_total', { guard: 'privacy', stage: 'request', outcome: 'failed_closed' }),
      1,
    );
    const event = g.events.find((e) => e.event_type === 'privacy.scan');
    assert.equal(event?.outcome, 'failed');
    assert.equal(event?.decision?.reason_code, 'REQUEST_TOO_LARGE_TO_SCAN');
    assert.equal(event?.attributes?.['total_chars'], EMAIL.length + 1001);
    assert.ok(!g.recorded().includes(MARKER) && !g.recorded().includes(EMAIL), 'no prompt text in evidence or logs');
  });

  it('fails open by anonymising the first part and sending the rest as it is', async () => {
    g = await privacyKernel({ url: 'local', mode: 'anonymize', maxScanChars: 1000, failOpen: true });
    const text = `Write to ${EMAIL}. ${filler(1200)} ${LATE_EMAIL}`;
    const exchange = await g.ask(text);
    assert.equal(exchange.error, undefined);
    const sent = g.received[0]!.messages[0]!.content as string;
    assert.ok(!sent.includes(EMAIL), 'the address within the budget is anonymised');
    assert.ok(sent.includes(LATE_EMAIL), 'the address beyond it goes on unscanned');
    assert.equal(sent.replace(/\[EMAIL_1\]/, EMAIL), text, 'the rest of the text is kept as it was');
    assert.equal(
      await g.counter('gw_guard_scan_budget_exhausted_total', { guard: 'privacy', stage: 'request', outcome: 'failed_open' }),
      1,
    );
    const event = g.events.find((e) => e.event_type === 'privacy.scan');
    assert.equal(event?.outcome, 'allowed');
    assert.equal(event?.attributes?.['scan_complete'], false);
    assert.equal(event?.attributes?.['total_chars'], text.length);
    assert.ok((event?.attributes?.['scanned_chars'] as number) <= 1000);
    assert.ok(!JSON.stringify(g.events).includes(MARKER), 'no prompt text in evidence');
  });
});

describe('privacy guard plugin: a client that has gone', () => {
  let g: PrivacyUnderTest | undefined;
  afterEach(async () => {
    await g?.close();
    g = undefined;
  });

  it('does not start the scan of a request whose client left before it', async () => {
    g = await privacyKernel({ url: 'local', mode: 'anonymize' });
    const controller = new AbortController();
    controller.abort();
    const exchange = new Exchange({ request: request(`Write to ${EMAIL}`), signal: controller.signal });
    await g.kernel.run(exchange);
    assert.equal(exchange.error?.code, 'client_closed_request');
    assert.equal(g.events.filter((e) => e.event_type === 'privacy.scan').length, 0, 'no scan ran');
    assert.equal(await g.counter('gw_guard_scans_abandoned_total', { guard: 'privacy', stage: 'request' }), 1);
    assert.equal(g.events.find((e) => e.event_type === 'request.failed')?.decision?.reason_code, 'CLIENT_CLOSED_REQUEST');
  });

  it('does not restore the answer once the client has gone', async () => {
    const controller = new AbortController();
    g = await privacyKernel(
      { url: 'local', mode: 'anonymize' },
      {
        answer: () => {
          controller.abort();
          return completion({ content: 'I wrote to [EMAIL_1].' });
        },
      },
    );
    const exchange = new Exchange({ request: request(`Write to ${EMAIL}`), signal: controller.signal });
    await g.kernel.run(exchange);
    assert.equal(exchange.error?.code, 'client_closed_request');
    assert.equal(g.events.filter((e) => e.event_type === 'privacy.restore').length, 0, 'no restore ran');
    assert.equal(await g.counter('gw_guard_scans_abandoned_total', { guard: 'privacy', stage: 'restore' }), 1);
  });
});
