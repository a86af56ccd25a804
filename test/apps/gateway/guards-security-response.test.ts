import assert from 'node:assert/strict';
import { BLOCKED_COMPLETION_ID_PREFIX } from '@sluice/core';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { chatCompletion } from '../../fixtures/openai-bodies.js';
import {
  ask,
  askStreamed,
  failureOf,
  guardCount,
  guardLines,
  startGuardedGateway,
  startGuardModule,
  type GuardedGateway,
  type GuardModule,
} from './guards-under-test.js';

// Assembled at run time so no file of the repository holds a string shaped like a live secret.
const fake = (prefix: string, body: string) => `${prefix}${body}`;
const AWS_KEY = fake('AKIA', 'Q3EXAMPLE7Z4KD2M');
const PEM_BODY = 'MIIEpAIBAAKCAQEA7xQ3dQ9z';
const PEM = `-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}\n-----END RSA PRIVATE KEY-----`;
/** The fake upstream echoes the question, so its answer holds the key. */
const KEY_QUESTION = `Is ${AWS_KEY} a well-formed access key id?`;

describe('gateway ↔ security guard module: a secret in the answer is blocked at the response scan', () => {
  let upstream: FakeUpstream;
  let security: GuardModule;
  let gw: GuardedGateway;
  let withCompletion: GuardedGateway;
  before(async () => {
    upstream = await startFakeUpstream();
    security = await startGuardModule('security');
    const lines = `${guardLines('security', security.url, security.apiKey)}streaming_enabled on;\n`;
    gw = await startGuardedGateway(upstream, lines);
    withCompletion = await startGuardedGateway(upstream, `${lines}security_guard_block_response completion;\n`);
  });
  beforeEach(() => upstream.reset());
  after(async () => {
    await gw?.close();
    await withCompletion?.close();
    await security?.close();
    await upstream?.close();
  });

  /** The fake upstream's next answers carry a PEM private key, whatever the question. */
  const answerWithPem = () =>
    upstream.behave((call) => {
      const body = chatCompletion(call.body as Record<string, unknown>);
      body.choices[0]!.message.content = `Here is the deploy key:\n${PEM}`;
      return { kind: 'status', status: 200, body };
    });

  it('refuses a PEM private key in a JSON answer with 403 security_response_blocked, and stores nothing', async () => {
    answerWithPem();
    const question = 'What key does the deploy job use?';
    const failure = await failureOf(ask(gw, question));
    assert.deepEqual([failure.status, failure.code], [403, 'security_response_blocked']);
    assert.equal(upstream.calls.length, 1, 'the answer was fetched, then scanned');
    const scans = gw.eventsOf(failure.traceId).filter((e) => e.event_type === 'security.response_scan');
    assert.deepEqual(
      scans.map((e) => [e.outcome, e.decision?.rule_id, e.findings?.map((f) => [f.kind, f.count])]),
      [['blocked', 'leak.private_key', [['private_key', 1]]]],
    );
    assert.equal(await guardCount(gw, 'security', 'response', 'blocked'), 1);

    upstream.reset();
    const again = await ask(gw, question);
    assert.equal(again.response.headers.get('x-sluice-cache'), 'miss', 'the blocked answer was not cached');
    assert.equal(again.data.choices[0]?.message.content, `echo: ${question}`);
  });

  it('refuses an access key in a streamed answer with a 403 before any byte of stream', async () => {
    const response = await fetch(`${gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: KEY_QUESTION }], stream: true }),
    });
    const text = await response.text();
    assert.equal(response.status, 403);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.ok(!text.includes(AWS_KEY) && !text.startsWith('data:'), text);
    const body = JSON.parse(text) as { error: { code: string; rule_id: string } };
    assert.deepEqual([body.error.code, body.error.rule_id], ['security_response_blocked', 'leak.aws_access_key']);
    assert.ok(
      upstream.calls[0]?.events.some((e) => e.includes('AKIA')),
      'the upstream streamed the key in pieces',
    );
  });

  it('refuses the streamed answer through the official client too', async () => {
    const failure = await failureOf(askStreamed(gw, `Please check ${AWS_KEY} for me.`));
    assert.deepEqual([failure.status, failure.code], [403, 'security_response_blocked']);
  });

  it('answers a refusal completion instead, streamed and not, with security_guard_block_response completion', async () => {
    const streamed = await askStreamed(withCompletion, KEY_QUESTION);
    assert.equal(streamed.response.status, 200);
    assert.ok(streamed.ids.length === 1 && streamed.ids[0]!.startsWith(BLOCKED_COMPLETION_ID_PREFIX), String(streamed.ids));
    assert.ok(streamed.text.length > 0 && !streamed.text.includes('AKIA'), streamed.text);

    answerWithPem();
    const { data, response } = await ask(withCompletion, 'Which key signs the releases?');
    assert.equal(response.status, 200);
    assert.ok(data.id.startsWith(BLOCKED_COMPLETION_ID_PREFIX), data.id);
    assert.ok(!(data.choices[0]?.message.content ?? '').includes(PEM_BODY));
    assert.equal(await guardCount(withCompletion, 'security', 'response', 'blocked'), 2);
  });
});
