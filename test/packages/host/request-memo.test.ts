import assert from 'node:assert/strict';
import type { ChatRequest } from '@sluice/core';
import { chatRequest, completion, kernelUnderTest } from '../../core/kernel-under-test.js';
import { mount, post } from './mounted-kernel.js';

describe('host: repeats of one body', () => {
  const { kernel, events } = kernelUnderTest();
  const seen: Readonly<ChatRequest>[] = [];
  kernel.hooks.preGuard.tapPromise('guard', async (exchange) => {
    seen.push(exchange.original);
    return undefined;
  });
  kernel.hooks.upstream.tapPromise('u', async () => completion());
  let server: Awaited<ReturnType<typeof mount>>;
  let url: string;
  before(async () => {
    server = await mount(kernel, { maxBodyBytes: 256 * 1024 });
    url = `${server.url}/v1/chat/completions`;
  });
  after(() => server.close());
  beforeEach(() => {
    seen.length = 0;
    events.length = 0;
  });

  it('share one deep-frozen request, yet each has its own exchange, hooks and trace', async () => {
    const body = JSON.stringify(chatRequest('repeat me'));
    const replies = [await post(url, body), await post(url, body)];
    assert.deepEqual(
      replies.map((r) => r.status),
      [200, 200],
    );
    assert.notEqual(replies[0]!.headers.get('x-sluice-trace-id'), replies[1]!.headers.get('x-sluice-trace-id'));
    assert.equal(seen.length, 2);
    assert.equal(seen[0], seen[1]);
    assert.ok(Object.isFrozen(seen[0]!.messages[0]));
    assert.equal(events.filter((e) => e.event_type === 'request.received').length, 2);
    assert.equal(events.filter((e) => e.event_type === 'request.completed').length, 2);
  });

  it('are refused every time when invalid or streamed', async () => {
    const streamed = JSON.stringify({ ...chatRequest('repeat me'), stream: true });
    assert.equal((await post(url, streamed)).status, 422);
    assert.equal((await post(url, streamed)).status, 422);
    assert.equal((await post(url, '{"model":"m","messages":[]}')).status, 400);
    assert.equal((await post(url, '{"model":"m","messages":[]}')).status, 400);
    assert.equal(events.filter((e) => e.event_type === 'request.failed').length, 4);
  });

  it('are parsed afresh once the body is long or forgotten', async () => {
    const long = JSON.stringify(chatRequest('x'.repeat(70 * 1024)));
    await post(url, long);
    await post(url, long);
    assert.notEqual(seen[0], seen[1]);
    const first = JSON.stringify(chatRequest('first of many'));
    await post(url, first);
    for (let batch = 0; batch < 11; batch += 1) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          post(url, JSON.stringify(chatRequest(`other ${batch}.${i}`))).then((r) => r.text()),
        ),
      );
    }
    await post(url, first);
    assert.notEqual(seen[2], seen.at(-1));
    assert.deepEqual(seen[2], seen.at(-1));
  });

  // Found by fuzzing the gateway's memory: 1,100 valid bodies of 1,200 `{}` each (4M characters) held
  // about 110 MB of heap in the memo, which counted their text alone.
  it('count every object or array a body parses into, so dense bodies are forgotten sooner', async () => {
    const dense = (n: number) => JSON.stringify({ ...chatRequest(`dense ${n}`), w: new Array(1200).fill({}) });
    await post(url, dense(0));
    await post(url, dense(0));
    assert.equal(seen[0], seen[1], 'a dense body is still remembered while it fits');
    // 100 more: about 0.36M characters of text, but 120,000 objects.
    for (let batch = 0; batch < 10; batch += 1) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => post(url, dense(1 + batch * 10 + i)).then((r) => r.text())));
    }
    await post(url, dense(0));
    assert.notEqual(seen[0], seen.at(-1));
    assert.deepEqual(seen[0], seen.at(-1));
  });
});
