import assert from 'node:assert/strict';
import { gatewayForSuite } from './gateway-under-test.js';

const ask = (content: string) => [{ role: 'user' as const, content }];

describe('gateway: controlled streaming', () => {
  const suite = gatewayForSuite('streaming_enabled on;');

  it('streams the assembled answer, equal to the non-stream answer, and ends with [DONE]', async () => {
    const { client } = suite.gw;
    const whole = await client.chat.completions.create(
      { model: 'test-model', messages: ask('stream me') },
      { headers: { 'x-sluice-cache-bypass': '1' } },
    );
    const stream = await client.chat.completions.create(
      { model: 'test-model', messages: ask('stream me'), stream: true },
      { headers: { 'x-sluice-cache-bypass': '1' } },
    );
    let text = '';
    let finish: string | null = null;
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage ??= chunk.usage ?? undefined;
    }
    assert.equal(text, whole.choices[0]?.message.content);
    assert.equal(finish, 'stop');
    assert.equal(usage, undefined, 'usage was asked for the gateway, not shown to a client that did not ask');
    const upstreamCall = suite.upstream.calls.at(-1);
    assert.deepEqual((upstreamCall?.body as { stream_options?: unknown }).stream_options, { include_usage: true });
  });

  it('shows usage to a client that asked for it', async () => {
    const stream = await suite.gw.client.chat.completions.create(
      { model: 'test-model', messages: ask('usage please'), stream: true, stream_options: { include_usage: true } },
      { headers: { 'x-sluice-cache-bypass': '1' } },
    );
    let usage: { total_tokens?: number } | undefined;
    for await (const chunk of stream) usage = chunk.usage ?? usage;
    assert.ok((usage?.total_tokens ?? 0) > 0);
  });

  it('stores a streamed answer once and replays it as a stream and as a whole answer', async () => {
    const { client } = suite.gw;
    const calls = suite.upstream.calls.length;
    const first = await client.chat.completions.create({ model: 'test-model', messages: ask('cache my stream'), stream: true });
    let streamed = '';
    for await (const chunk of first) streamed += chunk.choices[0]?.delta.content ?? '';
    const replay = await client.chat.completions
      .create({ model: 'test-model', messages: ask('cache my stream'), stream: true })
      .withResponse();
    assert.equal(replay.response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.match(replay.response.headers.get('content-type') ?? '', /^text\/event-stream/);
    let replayed = '';
    for await (const chunk of replay.data) replayed += chunk.choices[0]?.delta.content ?? '';
    const whole = await client.chat.completions.create({ model: 'test-model', messages: ask('cache my stream') });
    assert.equal(replayed, streamed);
    assert.equal(whole.choices[0]?.message.content, streamed);
    assert.equal(suite.upstream.calls.length, calls + 1, 'one upstream call for three answers');
  });
});
