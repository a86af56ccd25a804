import assert from 'node:assert/strict';
import { Exchange, Stage, type ChatCompletionChunk, type EvidenceEvent, type Kernel, type LiveStream } from '@sluice/core';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { ask, upstreamKernel } from './upstream-under-test.js';

/** A live sink that records what it was given, and resolves `got(n)` once it has n chunks. */
class RecordingSink implements LiveStream {
  readonly chunks: ChatCompletionChunk[] = [];
  #waiting: { count: number; resolve: () => void }[] = [];
  get started(): boolean {
    return this.chunks.length > 0;
  }
  write(chunk: ChatCompletionChunk): void {
    this.chunks.push(chunk);
    for (const w of this.#waiting.filter((w) => this.chunks.length >= w.count)) w.resolve();
  }
  got(count: number): Promise<void> {
    return this.chunks.length >= count
      ? Promise.resolve()
      : new Promise((resolve) => void this.#waiting.push({ count, resolve }));
  }
}

describe('openai-upstream: incremental streaming', () => {
  let upstream: FakeUpstream;
  let kernel: Kernel;
  let events: EvidenceEvent[];
  before(async () => {
    upstream = await startFakeUpstream();
    kernel = await upstreamKernel({ baseUrl: upstream.baseUrl });
    kernel.hooks.evidence.tap('test', (event) => void events.push(event));
    kernel.hooks.preGuard.tap({ name: 'test-hold', stage: Stage.SECURITY }, (exchange) => {
      if (exchange.headers['x-test-hold'] === '1') exchange.holdResponse('test_hold');
      return undefined;
    });
  });
  beforeEach(() => {
    events = [];
  });
  afterEach(() => upstream.reset());
  after(async () => {
    await kernel.stop();
    await upstream.close();
  });

  const streamed = (content: string, sink: LiveStream, extra: Record<string, unknown> = {}, headers = {}) =>
    new Exchange({ request: { ...ask(content), stream: true, ...extra }, liveStream: sink, headers });

  it('forwards each provider chunk as it arrives and still assembles the completion', async () => {
    let release!: () => void;
    upstream.behave({ kind: 'stream', pauseAt: { after: 2, release: new Promise((resolve) => (release = resolve)) } });
    const sink = new RecordingSink();
    const exchange = streamed('forward me', sink);
    const run = kernel.run(exchange);
    await sink.got(2);
    assert.ok(!upstream.calls[0]!.events.includes('[DONE]'), 'the provider had not finished');
    assert.equal(exchange.committedToClient, true);
    release();
    await run;
    assert.equal(exchange.error, undefined);
    const message = (exchange.response?.body.choices?.[0] as { message: { content: string } }).message;
    assert.equal(message.content, 'echo: forward me');
    const text = sink.chunks
      .map((c) => (c.choices?.[0] as { delta?: { content?: string } } | undefined)?.delta?.content ?? '')
      .join('');
    assert.equal(text, 'echo: forward me');
    assert.ok(exchange.usage !== undefined, 'usage recorded for accounting');
    assert.equal(events.find((e) => e.event_type === 'upstream.stream.completed')?.committed_to_client, true);
  });

  it('drops the usage chunk and usage fields for a client that did not ask; keeps them for one that did', async () => {
    const quiet = new RecordingSink();
    await kernel.run(streamed('no usage', quiet));
    assert.ok(quiet.chunks.length > 0);
    assert.ok(quiet.chunks.every((chunk) => !('usage' in chunk)));
    const asked = new RecordingSink();
    await kernel.run(streamed('usage', asked, { stream_options: { include_usage: true } }));
    assert.ok((asked.chunks.at(-1)?.usage?.total_tokens ?? 0) > 0);
  });

  it('writes nothing to the sink when a tap held the answer', async () => {
    const sink = new RecordingSink();
    const exchange = streamed('held', sink, {}, { 'x-test-hold': '1' });
    await kernel.run(exchange);
    assert.equal(exchange.error, undefined);
    assert.deepEqual(exchange.responseHolds, ['test_hold']);
    assert.equal(sink.chunks.length, 0);
    assert.equal(exchange.committedToClient, false);
    assert.equal(events.find((e) => e.event_type === 'upstream.stream.completed')?.committed_to_client, false);
  });

  it('a failure after the first chunk fails the exchange with the bytes already committed', async () => {
    upstream.behave({ kind: 'stream', fault: { kind: 'error', after: 2 } });
    const sink = new RecordingSink();
    const exchange = streamed('fail late', sink);
    await kernel.run(exchange);
    assert.equal(exchange.error?.code, 'upstream_stream_error');
    assert.equal(sink.chunks.length, 2);
    assert.equal(exchange.committedToClient, true);
    assert.equal(events.find((e) => e.event_type === 'upstream.stream.failed')?.committed_to_client, true);
  });

  it('a hold declared once the answer is streaming is refused', async () => {
    const sink = new RecordingSink();
    const exchange = streamed('late hold', sink);
    await kernel.run(exchange);
    assert.throws(() => exchange.holdResponse('too_late'), /already streaming/);
  });
});
