/** The upstream plugin on the Responses API: whole and streamed calls, and every way a Responses stream fails. */
import assert from 'node:assert/strict';
import { Exchange, type Kernel } from '@sluice/core';
import { RESPONSES_BODY, responsesCodec } from '@sluice/wire';
import { startFakeUpstream, type FakeUpstream, type StreamFault } from '../../fixtures/fake-upstream.js';
import { upstreamKernel } from './upstream-under-test.js';

async function run(kernel: Kernel, body: Record<string, unknown>): Promise<Exchange> {
  const exchange = new Exchange({ request: responsesCodec.parse(body), endpoint: 'responses' });
  await kernel.run(exchange);
  return exchange;
}

describe('openai-upstream: the Responses API', () => {
  let upstream: FakeUpstream;
  let kernel: Kernel;
  before(async () => {
    upstream = await startFakeUpstream();
    kernel = await upstreamKernel({ baseUrl: upstream.baseUrl, timeoutSeconds: 0.5, retries: 0 });
  });
  after(async () => {
    await kernel.stop();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  it('posts the rebuilt body to /responses and sees the answer as a chat completion with the body kept', async () => {
    const exchange = await run(kernel, { model: 'test-model', input: 'Hi', instructions: 'Be brief.' });
    assert.equal(upstream.calls[0]?.path, '/v1/responses');
    assert.deepEqual(upstream.calls[0]?.body, { model: 'test-model', input: 'Hi', instructions: 'Be brief.' });
    const body = exchange.response!.body;
    assert.equal((body.choices?.[0] as { message: { content: string } }).message.content, 'echo: Hi');
    assert.equal((body[RESPONSES_BODY] as { id: string }).id, body.id);
    assert.equal(exchange.usage?.prompt_tokens, (body[RESPONSES_BODY] as { usage: { input_tokens: number } }).usage.input_tokens);
  });

  it('reads a stream to response.completed, asking for no chat stream options', async () => {
    const exchange = await run(kernel, { model: 'test-model', input: 'Stream it', stream: true });
    assert.deepEqual(upstream.calls[0]?.body, { model: 'test-model', input: 'Stream it', stream: true });
    assert.ok(upstream.calls[0]!.events.length > 5);
    const body = exchange.response!.body;
    assert.equal((body.choices?.[0] as { message: { content: string } }).message.content, 'echo: Stream it');
    assert.equal(exchange.response!.chunks, undefined, 'the client replay is made from the body');
  });

  const faults: [string, StreamFault, string][] = [
    ['a response.failed event', { kind: 'error', after: 4 }, 'upstream_stream_error'],
    ['a stream cut before response.completed', { kind: 'cut', after: 4 }, 'upstream_stream_incomplete'],
    ['an event that is not JSON', { kind: 'malformed', after: 3 }, 'upstream_stream_malformed'],
    ['a stream that stalls', { kind: 'stall', after: 2 }, 'upstream_timeout'],
  ];
  for (const [name, fault, code] of faults) {
    it(`fails ${name} with ${code}`, async () => {
      upstream.behave({ kind: 'stream', fault });
      const exchange = await run(kernel, { model: 'test-model', input: 'Fail me', stream: true });
      assert.equal(exchange.error?.code, code);
    });
  }

  it('fails a stream larger than the byte limit, and a 200 that is not a Responses object', async () => {
    const small = await upstreamKernel({ baseUrl: upstream.baseUrl, streamMaxBytes: 1024, retries: 0 });
    try {
      const long = await run(small, { model: 'test-model', input: 'x'.repeat(2000), stream: true });
      assert.equal(long.error?.code, 'upstream_stream_too_large');
    } finally {
      await small.stop();
    }
    upstream.behave({ kind: 'status', status: 200, body: { object: 'chat.completion', choices: [] } });
    const wrong = await run(kernel, { model: 'test-model', input: 'Hi' });
    assert.equal(wrong.error?.code, 'upstream_invalid_response');
  });
});
