import assert from 'node:assert/strict';
import { request } from 'node:http';
import { APIError } from 'openai';
import { ExactCachePlugin } from '@sluice/plugin-exact-cache';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { ask, gate, liveGateway, PAUSE_AFTER, type LiveGateway } from './live-stream-under-test.js';

/** The raw reply to a streamed request: headers, the event-stream text and the trailers. */
function rawStream(
  url: string,
  content: string,
): Promise<{ headers: Record<string, unknown>; text: string; trailers: Record<string, unknown> }> {
  const body = JSON.stringify({ model: 'test-model', messages: ask(content), stream: true });
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/v1/chat/completions`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (data: string) => (text += data));
        res.on('end', () => resolve({ headers: res.headers, text, trailers: res.trailers }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('host: incremental streaming, how a live answer ends', () => {
  let upstream: FakeUpstream;
  let gateway: LiveGateway | undefined;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
    upstream.reset();
  });
  after(() => upstream.close());

  it('the cache stores the assembled answer: a repeat is a hit, streamed or whole, with no upstream call', async () => {
    gateway = await liveGateway(upstream, [new ExactCachePlugin({})]);
    const first = await gateway.client.chat.completions.create({
      model: 'test-model',
      messages: ask('cache me live'),
      stream: true,
    });
    let streamed = '';
    for await (const chunk of first) streamed += chunk.choices[0]?.delta.content ?? '';
    assert.equal(streamed, 'echo: cache me live');
    const calls = upstream.calls.length;
    const replay = await gateway.client.chat.completions
      .create({ model: 'test-model', messages: ask('cache me live'), stream: true })
      .withResponse();
    assert.equal(replay.response.headers.get('x-sluice-cache'), 'hit-exact');
    let replayed = '';
    for await (const chunk of replay.data) replayed += chunk.choices[0]?.delta.content ?? '';
    const whole = await gateway.client.chat.completions.create({ model: 'test-model', messages: ask('cache me live') });
    assert.equal(replayed, streamed);
    assert.equal(whole.choices[0]?.message.content, streamed);
    assert.equal(upstream.calls.length, calls, 'both answered from the cache');
  });

  it('headers the respond taps add once the answer is live travel as trailers; the stream ends with [DONE]', async () => {
    gateway = await liveGateway(upstream, [new ExactCachePlugin({})]);
    const reply = await rawStream(gateway.url, 'trailers please');
    assert.equal(reply.headers['x-sluice-cache'], undefined, 'not known when the first chunk went out');
    assert.equal(reply.trailers['x-sluice-cache'], 'miss');
    assert.match(reply.text, /data: \[DONE\]\n\n$/);
    assert.ok(!reply.text.includes('"usage"'), 'the usage the gateway asked for stays with the gateway');
  });

  it('shows the usage chunk to a client that asked for it', async () => {
    gateway = await liveGateway(upstream);
    const stream = await gateway.client.chat.completions.create({
      model: 'test-model',
      messages: ask('usage live'),
      stream: true,
      stream_options: { include_usage: true },
    });
    let usage: { total_tokens?: number } | undefined;
    for await (const chunk of stream) usage = chunk.usage ?? usage;
    assert.ok((usage?.total_tokens ?? 0) > 0);
  });

  it('a provider failure after the first chunk is an SSE error event in the error envelope, then the end', async () => {
    gateway = await liveGateway(upstream);
    upstream.behave({ kind: 'stream', fault: { kind: 'error', after: PAUSE_AFTER } });
    const { data, response } = await gateway.client.chat.completions
      .create({ model: 'test-model', messages: ask('fail midway'), stream: true })
      .withResponse();
    assert.equal(response.status, 200);
    let received = 0;
    await assert.rejects(
      (async () => {
        for await (const _chunk of data) received += 1;
      })(),
      (error: unknown) => error instanceof APIError && error.code === 'upstream_stream_error',
    );
    assert.equal(received, PAUSE_AFTER, 'what came before the failure was delivered');
    const failed = gateway.events.find((e) => e.event_type === 'upstream.stream.failed');
    assert.equal(failed?.committed_to_client, true);
    assert.ok(gateway.events.some((e) => e.event_type === 'request.failed'));
  });

  it('the raw stream of a failure has no [DONE] and one error event', async () => {
    gateway = await liveGateway(upstream);
    upstream.behave({ kind: 'stream', fault: { kind: 'cut', after: PAUSE_AFTER } });
    const reply = await rawStream(gateway.url, 'cut midway');
    const events = reply.text.split('\n\n').filter(Boolean);
    assert.equal(events.length, PAUSE_AFTER + 1);
    assert.deepEqual(JSON.parse(events.at(-1)!.slice('data: '.length)).error.code, 'upstream_stream_incomplete');
    assert.ok(!reply.text.includes('[DONE]'));
  });

  it('a client that disconnects mid-answer aborts the provider call', async () => {
    gateway = await liveGateway(upstream);
    const never = gate();
    upstream.behave({ kind: 'stream', pauseAt: { after: PAUSE_AFTER, release: never.release } });
    const controller = new AbortController();
    const stream = await gateway.client.chat.completions.create(
      { model: 'test-model', messages: ask('leave early'), stream: true },
      { signal: controller.signal },
    );
    try {
      // The openai client ends the iteration quietly on its own abort.
      for await (const _chunk of stream) controller.abort();
    } catch (error) {
      assert.equal((error as Error).name, 'APIUserAbortError');
    }
    const call = upstream.calls.at(-1)!;
    await call.aborted;
    assert.equal(call.closedEarly, true);
    never.open();
  });
});
