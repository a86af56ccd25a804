import assert from 'node:assert/strict';
import type { Kernel } from '@sluice/core';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { ask, send, upstreamKernel } from './upstream-under-test.js';

describe('openai-upstream: forwarding', () => {
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(() => upstream.close());
  beforeEach(() => upstream.reset());

  it('forwards every field untouched: tools, extensions, array content', async () => {
    const kernel = await upstreamKernel({ baseUrl: upstream.baseUrl });
    const request = {
      model: 'test-model',
      temperature: 0.2,
      tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: {} } } }],
      provider_extension: { cache_control: { type: 'ephemeral' } },
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'result', name: 'lookup' },
      ],
    };
    const exchange = await send(kernel, request);
    assert.equal(exchange.response?.status, 200);
    assert.deepEqual(upstream.calls[0]?.body, request);
    assert.equal(upstream.calls[0]?.path, '/v1/chat/completions');
    await kernel.stop();
  });

  it('sets exchange.usage from the reply', async () => {
    const kernel = await upstreamKernel({ baseUrl: upstream.baseUrl });
    const exchange = await send(kernel, ask('count my tokens'));
    assert.equal(typeof exchange.usage?.prompt_tokens, 'number');
    assert.equal(exchange.usage, exchange.response?.body.usage);
    await kernel.stop();
  });

  for (const key of ['dummy', 'none', 'null', '-', '', 'NONE']) {
    it(`sends no Authorization header for the placeholder key "${key}"`, async () => {
      const kernel = await upstreamKernel({ baseUrl: upstream.baseUrl, apiKey: key });
      await send(kernel, ask());
      assert.equal(upstream.calls[0]?.headers.authorization, undefined);
      await kernel.stop();
    });
  }

  it('sends the configured key as a bearer token', async () => {
    const kernel = await upstreamKernel({ baseUrl: upstream.baseUrl, apiKey: 'sk-test-123' });
    await send(kernel, ask());
    assert.equal(upstream.calls[0]?.headers.authorization, 'Bearer sk-test-123');
    assert.match(String(upstream.calls[0]?.headers['user-agent']), /^sluice\//);
    await kernel.stop();
  });

  it('appends /v1 to a provider root', async () => {
    const kernel = await upstreamKernel({ baseUrl: upstream.url });
    await send(kernel, ask());
    assert.equal(upstream.calls[0]?.path, '/v1/chat/completions');
    await kernel.stop();
  });

  it('passes the model list through', async () => {
    const kernel: Kernel = await upstreamKernel({ baseUrl: upstream.baseUrl });
    const route = kernel.routes.find((r) => r.path === '/v1/models');
    const reply = await route!.handle({ headers: {}, signal: new AbortController().signal });
    assert.equal(reply.status, 200);
    assert.deepEqual(
      (reply.body as { data: { id: string }[] }).data.map((m) => m.id),
      ['test-model', 'other-model'],
    );
    await kernel.stop();
  });

  it('cancels the upstream call when the client leaves', async () => {
    const kernel = await upstreamKernel({ baseUrl: upstream.baseUrl });
    upstream.behave({ kind: 'hang' });
    const controller = new AbortController();
    const pending = send(kernel, ask(), controller.signal);
    while (upstream.calls.length === 0) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    const exchange = await pending;
    assert.equal(exchange.error?.code, 'client_closed_request');
    await upstream.calls[0]!.aborted;
    await kernel.stop();
  });
});
