import assert from 'node:assert/strict';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import {
  ask,
  askStreamed,
  guardCount,
  guardLines,
  startGuardedGateway,
  startGuardModule,
  type GuardedGateway,
  type GuardModule,
} from './guards-under-test.js';

const ANA = 'ana.lopez@example.org';
const BOB = 'bob.marsh@example.net';

/** The user message the fake upstream received in its last call. */
function upstreamSaw(upstream: FakeUpstream): string {
  const body = upstream.calls.at(-1)?.body as { messages: { role: string; content: string }[] };
  return body.messages.at(-1)!.content;
}

describe('gateway ↔ privacy guard module: personal data anonymised on the way up, restored on the way back', () => {
  let upstream: FakeUpstream;
  let privacy: GuardModule;
  let gw: GuardedGateway;
  before(async () => {
    upstream = await startFakeUpstream();
    privacy = await startGuardModule('privacy');
    gw = await startGuardedGateway(upstream, `${guardLines('privacy', privacy.url, privacy.apiKey)}streaming_enabled on;\n`);
  });
  beforeEach(() => upstream.reset());
  after(async () => {
    await gw?.close();
    await privacy?.close();
    await upstream?.close();
  });

  it('sends placeholders to the upstream and hands the client its own addresses back', async () => {
    const question = `Forward the invoice from ${ANA} to ${BOB}, and copy ${ANA}.`;
    const { data, response } = await ask(gw, question);
    assert.equal(
      upstreamSaw(upstream),
      'Forward the invoice from [EMAIL_1] to [EMAIL_2], and copy [EMAIL_1].',
      'the upstream never saw an address',
    );
    assert.ok(!JSON.stringify(upstream.calls[0]?.body).includes('@example'), 'nowhere in the upstream request');
    assert.equal(data.choices[0]?.message.content, `echo: ${question}`, 'the answer restored, each address in its place');
    const scan = gw.eventsOf(response.headers.get('x-sluice-trace-id')).find((e) => e.event_type === 'privacy.scan');
    assert.deepEqual(
      scan?.findings?.map((f) => [f.kind, f.count]),
      [['email', 3]],
      'three occurrences, two values',
    );
    assert.equal(await guardCount(gw, 'privacy', 'request', 'modified'), 1);
    assert.equal(await guardCount(gw, 'privacy', 'restore', 'modified'), 1);
  });

  it('restores a streamed answer whose placeholders the upstream split across chunks', async () => {
    const question = `Draft a polite reminder to ${BOB} about the overdue payment.`;
    const { text, response } = await askStreamed(gw, question);
    assert.equal(response.status, 200);
    assert.equal(upstreamSaw(upstream), 'Draft a polite reminder to [EMAIL_1] about the overdue payment.');
    const streamed = upstream.calls[0]!.events;
    assert.ok(!streamed.some((e) => e.includes('[EMAIL_1]')), 'no single upstream chunk held the whole placeholder');
    assert.ok(streamed.join('').includes('[EMAIL'), 'the upstream answered with the placeholder');
    assert.equal(text, `echo: ${question}`, 'the client got the address back');
  });

  it('answers a cached anonymised question, streamed, with the asker’s own address', async () => {
    await ask(gw, `Write a thank-you note to ${ANA} for the quick reply.`);
    const { text, response } = await askStreamed(gw, `Write a thank-you note to ${BOB} for the quick reply.`);
    assert.equal(response.headers.get('x-sluice-cache'), 'hit-exact', 'the same shape of question hits the cache');
    assert.equal(upstream.calls.length, 1);
    assert.equal(text, `echo: Write a thank-you note to ${BOB} for the quick reply.`);
  });

  it('passes a question without personal data unchanged and skips the restore', async () => {
    const before = await gw.metric('gw_privacy_restore_skipped_total', { reason: 'not_anonymised' });
    const { data } = await ask(gw, 'What is the capital of Portugal?');
    assert.equal(upstreamSaw(upstream), 'What is the capital of Portugal?');
    assert.equal(data.choices[0]?.message.content, 'echo: What is the capital of Portugal?');
    assert.equal(await gw.metric('gw_privacy_restore_skipped_total', { reason: 'not_anonymised' }), before + 1);
  });
});
