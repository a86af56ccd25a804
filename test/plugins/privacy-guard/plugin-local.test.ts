import assert from 'node:assert/strict';
import { answerOf, privacyKernel, type PrivacyUnderTest } from './privacy-under-test.js';

const EMAIL = 'ana.lopez@example.org';
const PHONE = '+33 6 12 34 56 78';
const QUESTION = `Write to ${EMAIL} and call ${PHONE}; cc ${EMAIL}.`;

describe('privacy guard plugin: local engine', () => {
  let guard: PrivacyUnderTest;
  afterEach(() => guard?.close());

  it('the upstream receives the anonymised request; the client gets its values back', async () => {
    guard = await privacyKernel({ url: 'local' });
    const exchange = await guard.ask(QUESTION);
    assert.equal(exchange.error, undefined);
    assert.equal(guard.received.length, 1);
    const sent = JSON.stringify(guard.received[0]);
    assert.ok(!sent.includes(EMAIL) && !sent.includes(PHONE), 'no original value reaches the upstream');
    assert.equal(guard.received[0]?.messages[0]?.content, 'Write to [EMAIL_1] and call [PHONE_1]; cc [EMAIL_1].');
    assert.equal(answerOf(exchange), `answer 1 to ${QUESTION}`);
    assert.equal(exchange.original.messages[0]?.content, QUESTION, 'the original request stays as the client sent it');
    assert.equal(await guard.counter('gw_guard_requests_total', { guard: 'privacy', stage: 'request', outcome: 'modified' }), 1);
    assert.equal(await guard.counter('gw_guard_requests_total', { guard: 'privacy', stage: 'restore', outcome: 'modified' }), 1);
    assert.equal(await guard.counter('gw_privacy_restore_skipped_total'), 0);
  });

  it('evidences kinds and counts only: no value in events or log lines', async () => {
    guard = await privacyKernel({ url: 'local' });
    await guard.ask(QUESTION);
    const scan = guard.events.find((e) => e.event_type === 'privacy.scan');
    assert.equal(scan?.source, 'privacy_guard');
    assert.equal(scan?.category, 'privacy');
    assert.deepEqual(scan?.findings, [
      { kind: 'email', count: 2, action: 'anonymized', detector_id: 'local' },
      { kind: 'phone', count: 1, action: 'anonymized', detector_id: 'local' },
    ]);
    assert.ok(guard.events.some((e) => e.event_type === 'privacy.restore' && e.outcome === 'completed'));
    assert.ok(guard.logLines.length > 0);
    const recorded = guard.recorded();
    assert.ok(!recorded.includes(EMAIL) && !recorded.includes(PHONE) && !recorded.includes('ana.lopez'));
  });

  it('scans only string contents: content parts and every other field are forwarded untouched', async () => {
    guard = await privacyKernel({ url: 'local' });
    const parts = [{ type: 'text', text: `parts are not scanned: ${EMAIL}` }];
    const tools = [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object' } } }];
    await guard.ask(
      [
        { role: 'user', content: parts, name: 'ana' },
        { role: 'user', content: `mail ${EMAIL}`, name: 'ana' },
      ],
      { temperature: 0.2, tools },
    );
    const sent = guard.received[0]!;
    assert.equal(sent.messages[0]?.content, parts, 'the same content-part array, untouched');
    assert.deepEqual(sent.messages[1], { role: 'user', content: 'mail [EMAIL_1]', name: 'ana' });
    assert.equal(sent.temperature, 0.2);
    assert.equal(sent.tools, tools);
  });

  it('a request without personal data goes on as it was, and no restore is needed', async () => {
    guard = await privacyKernel({ url: 'local' });
    const exchange = await guard.ask('What is the boiling point of water at 2,000 m?');
    assert.equal(guard.received[0], exchange.original, 'the very same request object');
    assert.equal(await guard.counter('gw_guard_requests_total', { guard: 'privacy', outcome: 'allowed' }), 1);
    assert.equal(await guard.counter('gw_privacy_restore_skipped_total', { reason: 'not_anonymised' }), 1);
  });

  it('block mode stops a request with personal data: 403 privacy_request_blocked, no upstream call', async () => {
    guard = await privacyKernel({ url: 'local', mode: 'block' });
    const exchange = await guard.ask(QUESTION);
    assert.equal(exchange.error?.code, 'privacy_request_blocked');
    assert.equal(exchange.error?.status, 403);
    assert.equal(exchange.error?.guard, 'privacy');
    assert.ok(!exchange.error?.message.includes(EMAIL));
    assert.equal(guard.upstreamCalls(), 0);
    assert.equal((await guard.ask('Nothing personal here.')).error, undefined);
  });

  it('detect_only forwards the original and counts the skipped restore', async () => {
    guard = await privacyKernel({ url: 'local', mode: 'detect_only' });
    await guard.ask(QUESTION);
    assert.equal(guard.received[0]?.messages[0]?.content, QUESTION);
    assert.equal(await guard.counter('gw_guard_requests_total', { guard: 'privacy', outcome: 'detected' }), 1);
    assert.equal(await guard.counter('gw_privacy_restore_skipped_total', { reason: 'not_anonymised' }), 1);
  });

  it('redact masks for good: the answer keeps the masks, nothing to restore', async () => {
    guard = await privacyKernel({ url: 'local', mode: 'redact' });
    const exchange = await guard.ask(`mail ${EMAIL}`);
    assert.equal(guard.received[0]?.messages[0]?.content, 'mail [REDACTED_EMAIL]');
    assert.equal(answerOf(exchange), 'answer 1 to mail [REDACTED_EMAIL]');
    assert.equal(await guard.counter('gw_privacy_restore_skipped_total', { reason: 'not_anonymised' }), 1);
  });

  it('with privacy_guard_restore off the answer keeps its placeholders and the skip is counted', async () => {
    guard = await privacyKernel({ url: 'local', restore: false });
    const exchange = await guard.ask(`mail ${EMAIL}`);
    assert.equal(answerOf(exchange), 'answer 1 to mail [EMAIL_1]');
    assert.equal(await guard.counter('gw_privacy_restore_skipped_total', { reason: 'disabled' }), 1);
  });
});
