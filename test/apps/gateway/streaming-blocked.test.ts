import assert from 'node:assert/strict';
import { Stage, type BlockResponse, type EvidenceEvent, type Kernel, type Plugin, type Verdict } from '@sluice/core';
import { BLOCKED_COMPLETION_ID_PREFIX } from '@sluice/core';
import { gatewayForSuite } from './gateway-under-test.js';

/** A response scan that blocks every answer while `respond` is set, and notes the answers it saw. */
class ResponseBlocker implements Plugin {
  readonly name = 'test-response-blocker';
  respond: BlockResponse | undefined;
  readonly scanned: unknown[] = [];

  apply(kernel: Kernel): void {
    kernel.hooks.postScan.tapPromise({ name: this.name, stage: Stage.SECURITY }, async (_exchange, response) => {
      const choice = response.body.choices?.[0] as { message?: { content?: unknown } } | undefined;
      this.scanned.push(choice?.message?.content);
      if (this.respond === undefined) return undefined;
      const verdict: Verdict = {
        action: 'block',
        code: 'security_response_blocked',
        guard: 'test-guard',
        respond: this.respond,
        reason: 'The answer breaks a test rule.',
        ruleId: 'test-rule-1',
      };
      return verdict;
    });
  }
}

const QUESTION = 'tell me the secret plan';
const ANSWER = `echo: ${QUESTION}`;

describe('gateway: a blocked streamed answer', () => {
  const suite = gatewayForSuite('streaming_enabled on;\nstreaming_mode controlled;');
  const blocker = new ResponseBlocker();
  const events: EvidenceEvent[] = [];
  before(() => {
    const { kernel } = suite.gw.gateway.runtime;
    kernel.use(blocker);
    kernel.hooks.evidence.tap('test-capture', (event) => void events.push(event));
  });
  afterEach(() => {
    blocker.respond = undefined;
    blocker.scanned.length = 0;
  });
  const terminalOf = (traceId: string | null) =>
    events.filter((e) => e.trace_id === traceId && (e.event_type === 'request.completed' || e.event_type === 'request.failed'));

  it('streams a refusal completion for respond: completion, after scanning the whole answer, and stores nothing', async () => {
    const { client } = suite.gw;
    blocker.respond = 'completion';
    const request = { model: 'test-model', messages: [{ role: 'user' as const, content: QUESTION }] };
    const { data, response } = await client.chat.completions.create({ ...request, stream: true }).withResponse();
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    let text = '';
    const ids = new Set<string>();
    let finish: string | null = null;
    for await (const chunk of data) {
      ids.add(chunk.id);
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    assert.equal(ids.size, 1);
    assert.ok([...ids][0]?.startsWith(BLOCKED_COMPLETION_ID_PREFIX), [...ids][0]);
    assert.ok(text.length > 0 && !text.includes('secret'), `a refusal, not the answer: ${text}`);
    assert.equal(finish, 'stop');
    assert.deepEqual(blocker.scanned, [ANSWER], 'the scan saw the whole assembled answer');
    assert.deepEqual(
      terminalOf(response.headers.get('x-sluice-trace-id')).map((e) => [e.event_type, e.attributes?.delivery_path]),
      [['request.completed', 'blocked_completion']],
    );

    blocker.respond = undefined;
    const calls = suite.upstream.calls.length;
    const again = await client.chat.completions.create(request).withResponse();
    assert.equal(again.response.headers.get('x-sluice-cache'), 'miss', 'the blocked answer was not stored');
    assert.equal(again.data.choices[0]?.message.content, ANSWER);
    assert.equal(suite.upstream.calls.length, calls + 1);
  });

  it('blocks a cached answer too, in stream form', async () => {
    const request = { model: 'test-model', messages: [{ role: 'user' as const, content: `${QUESTION}, cached` }] };
    await suite.gw.client.chat.completions.create(request);
    blocker.respond = 'completion';
    const { data, response } = await suite.gw.client.chat.completions.create({ ...request, stream: true }).withResponse();
    assert.equal(response.headers.get('x-sluice-cache'), 'hit-exact');
    const chunks = [];
    for await (const chunk of data) chunks.push(chunk);
    assert.ok(chunks.every((c) => c.id.startsWith(BLOCKED_COMPLETION_ID_PREFIX)));
    assert.ok(!chunks.some((c) => c.choices[0]?.delta.content?.includes('secret')));
  });

  it('answers respond: error_json with a 403 JSON envelope before any byte of stream', async () => {
    blocker.respond = 'error_json';
    const response = await fetch(`${suite.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: `${QUESTION}, again` }], stream: true }),
    });
    const text = await response.text();
    assert.equal(response.status, 403);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.doesNotMatch(text, /data:|secret|echo/);
    assert.deepEqual(JSON.parse(text), {
      error: {
        message: 'The answer breaks a test rule.',
        type: 'policy_error',
        code: 'security_response_blocked',
        param: null,
        guard: 'test-guard',
        rule_id: 'test-rule-1',
      },
    });
    assert.deepEqual(blocker.scanned, [`${ANSWER}, again`]);
    const terminal = terminalOf(response.headers.get('x-sluice-trace-id'));
    assert.deepEqual(
      terminal.map((e) => [e.event_type, e.attributes?.error_class, e.decision?.action]),
      [['request.failed', 'security_response_blocked', 'block']],
    );
  });
});
