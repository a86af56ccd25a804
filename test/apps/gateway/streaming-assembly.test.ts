import assert from 'node:assert/strict';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { chatCompletion, STREAMED_REASONING, STREAMED_TOOL_CALLS } from '../../fixtures/openai-bodies.js';
import { gatewayForSuite } from './gateway-under-test.js';

const ask = (content: string) => [{ role: 'user' as const, content }];
const TOOLS = STREAMED_TOOL_CALLS.map((call) => ({
  type: 'function' as const,
  function: { name: call.function.name, parameters: { type: 'object' } },
}));

/** Every chunk of a stream, in order. */
async function drain(stream: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** Tool calls as a client assembles them from deltas: by index, strings concatenated. */
function toolCallsOf(chunks: ChatCompletionChunk[]) {
  const calls: { id?: string; type?: string; function: { name: string; arguments: string } }[] = [];
  for (const delta of chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? [])) {
    const call = (calls[delta.index] ??= { function: { name: '', arguments: '' } });
    if (delta.id) call.id = delta.id;
    if (delta.type) call.type = delta.type;
    call.function.name += delta.function?.name ?? '';
    call.function.arguments += delta.function?.arguments ?? '';
  }
  return calls;
}

describe('gateway: controlled streaming keeps every part of the answer', () => {
  const suite = gatewayForSuite('streaming_enabled on;');
  afterEach(() => suite.upstream.reset());

  it('keeps both tool calls in the streamed replay, the cached stream and the cached whole answer', async () => {
    const { client } = suite.gw;
    suite.upstream.behave({ kind: 'stream', content: 'tool_calls' });
    const request = { model: 'test-model', messages: ask('weather and time in Paris?'), tools: TOOLS };
    const fresh = await drain(await client.chat.completions.create({ ...request, stream: true }));
    assert.deepEqual(toolCallsOf(fresh), STREAMED_TOOL_CALLS);
    assert.equal(fresh.at(-1)?.choices[0]?.finish_reason, 'tool_calls');

    // The official client's stream helper checks every tool call has its type, name and arguments.
    const replay = await client.chat.completions.stream(request).finalChatCompletion();
    assert.deepEqual(
      replay.choices[0]?.message.tool_calls?.map(({ id, type, function: fn }) => ({
        id,
        type,
        function: { name: fn.name, arguments: fn.arguments },
      })),
      STREAMED_TOOL_CALLS,
    );
    assert.equal(replay.choices[0]?.finish_reason, 'tool_calls');

    const whole = await client.chat.completions.create(request).withResponse();
    assert.equal(whole.response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.deepEqual(whole.data.choices[0]?.message.tool_calls, STREAMED_TOOL_CALLS);
    assert.equal(whole.data.choices[0]?.finish_reason, 'tool_calls');
    assert.equal(suite.upstream.calls.length, 1, 'the stream and the whole answer came from the cache');
  });

  it('keeps reasoning_content and logprobs, streamed and from the cache', async () => {
    const { client } = suite.gw;
    suite.upstream.behave({ kind: 'stream', content: 'reasoning' });
    const request = { model: 'test-model', messages: ask('think first'), logprobs: true };
    const reasoningOf = (chunks: ChatCompletionChunk[]) =>
      chunks.map((c) => (c.choices[0]?.delta as { reasoning_content?: string } | undefined)?.reasoning_content ?? '').join('');
    const tokensOf = (chunks: ChatCompletionChunk[]) =>
      chunks.flatMap((c) => c.choices[0]?.logprobs?.content?.map((l) => l.token) ?? []).join('');

    for (const source of ['upstream', 'cache']) {
      const chunks = await drain(await client.chat.completions.create({ ...request, stream: true }));
      assert.equal(reasoningOf(chunks), STREAMED_REASONING, source);
      assert.equal(tokensOf(chunks), 'echo: think first', source);
      assert.equal(chunks.map((c) => c.choices[0]?.delta.content ?? '').join(''), 'echo: think first', source);
    }
    const whole = await client.chat.completions.create(request);
    const message = whole.choices[0]?.message as { content: string | null; reasoning_content?: string } | undefined;
    assert.equal(message?.reasoning_content, STREAMED_REASONING);
    assert.equal(message?.content, 'echo: think first');
    assert.equal(whole.choices[0]?.logprobs?.content?.map((l) => l.token).join(''), 'echo: think first');
    assert.ok(whole.choices[0]?.logprobs?.content?.every((l) => l.logprob < 0 && Array.isArray(l.bytes)));
    assert.equal(suite.upstream.calls.length, 1);
  });

  it("keeps the provider's chunk boundaries for a fresh answer", async () => {
    const { client } = suite.gw;
    const question = 'a question long enough to stream in several pieces';
    const withUsage = await drain(
      await client.chat.completions.create(
        { model: 'test-model', messages: ask(question), stream: true, stream_options: { include_usage: true } },
        { headers: { 'x-sluice-cache-bypass': '1' } },
      ),
    );
    const sent = (suite.upstream.calls.at(-1)?.events ?? []).filter((e) => e !== '[DONE]').map((e) => JSON.parse(e) as unknown);
    assert.ok(sent.length > 5);
    assert.deepEqual(withUsage, sent, 'the provider chunks, one for one');

    const withoutUsage = await drain(
      await client.chat.completions.create(
        { model: 'test-model', messages: ask(question), stream: true },
        { headers: { 'x-sluice-cache-bypass': '1' } },
      ),
    );
    const provider = (suite.upstream.calls.at(-1)?.events ?? []).slice(0, -1).map((e) => JSON.parse(e) as ChatCompletionChunk);
    assert.equal(withoutUsage.length, provider.length - 1, 'all but the usage chunk the gateway asked for');
    assert.ok(
      withoutUsage.every((c) => !('usage' in c)),
      'no usage field for a client that did not ask',
    );
    assert.deepEqual(
      withoutUsage.map((c) => c.choices[0]?.delta.content),
      provider.slice(0, -1).map((c) => c.choices[0]?.delta.content),
    );
  });

  it('streams the answer of a provider that ignored stream: true and answered whole', async () => {
    suite.upstream.behave((call) => ({
      kind: 'status',
      status: 200,
      body: chatCompletion(call.body as Record<string, unknown>),
    }));
    const chunks = await drain(
      await suite.gw.client.chat.completions.create({ model: 'test-model', messages: ask('answer whole'), stream: true }),
    );
    assert.equal(chunks.map((c) => c.choices[0]?.delta.content ?? '').join(''), 'echo: answer whole');
    assert.equal(chunks.at(-1)?.choices[0]?.finish_reason, 'stop');
    assert.ok(chunks.every((c) => c.object === 'chat.completion.chunk'));
  });

  it('streams a cached answer as a well-formed stream, with usage only for a client that asks', async () => {
    const { url } = suite.gw;
    const body = { model: 'test-model', messages: ask('cached, then streamed') };
    const whole = await suite.gw.client.chat.completions.create(body);
    const streamOf = async (extra: object) => {
      const response = await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, stream: true, ...extra }),
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('x-sluice-cache'), 'hit-exact');
      assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
      const text = await response.text();
      assert.match(text, /^(data: [^\n]+\n\n)+data: \[DONE\]\n\n$/);
      return text
        .split('\n\n')
        .filter((e) => e !== '' && e !== 'data: [DONE]')
        .map((e) => JSON.parse(e.slice('data: '.length)) as ChatCompletionChunk);
    };

    for (const includeUsage of [false, true]) {
      const chunks = await streamOf(includeUsage ? { stream_options: { include_usage: true } } : {});
      const answer = includeUsage ? chunks.slice(0, -1) : chunks;
      for (const chunk of answer) {
        assert.equal(chunk.id, whole.id);
        assert.equal(chunk.object, 'chat.completion.chunk');
        assert.equal(chunk.created, whole.created);
        assert.equal(chunk.model, whole.model);
        assert.equal(chunk.system_fingerprint, whole.system_fingerprint);
        assert.equal(chunk.choices.length, 1);
        assert.equal(chunk.choices[0]?.index, 0);
        assert.equal(typeof chunk.choices[0]?.delta, 'object');
        assert.ok('finish_reason' in chunk.choices[0]!);
        // OpenAI: with include_usage every other chunk carries `usage: null`; without it, no usage field.
        if (includeUsage) assert.equal(chunk.usage, null);
        else assert.ok(!('usage' in chunk), 'no usage field for a client that did not ask');
      }
      assert.equal(answer[0]?.choices[0]?.delta.role, 'assistant');
      assert.equal(answer.map((c) => c.choices[0]?.delta.content ?? '').join(''), whole.choices[0]?.message.content);
      assert.deepEqual(
        answer.map((c) => c.choices[0]?.finish_reason),
        [...Array<null>(answer.length - 1).fill(null), 'stop'],
      );
      if (includeUsage) {
        const last = chunks.at(-1);
        assert.deepEqual(last?.choices, []);
        assert.deepEqual(last?.usage, whole.usage);
        assert.equal(last?.id, whole.id);
      }
    }
  });
});
