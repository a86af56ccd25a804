import assert from 'node:assert/strict';
import { spansOf, tracedGatewayForSuite } from './traced-gateway.js';

const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;
const PROMPT = 'the secret plan for the harbour sluice';

describe('otel-traces: a span per request and per hook, exported over OTLP/HTTP', () => {
  const suite = tracedGatewayForSuite('streaming_enabled on;');
  beforeEach(() => suite.upstream.reset());

  it('exports a SERVER span named after the endpoint with a child per hook that ran', async () => {
    const reply = await suite.gw.client.chat.completions
      .create({ model: 'test-model', messages: [{ role: 'user', content: `${PROMPT} one` }] })
      .withResponse();
    const traceId = reply.response.headers.get('x-sluice-trace-id')!;
    const spans = await spansOf(suite.receiver, traceId, 7);
    const request = spans.find((span) => span.kind === SERVER)!;
    assert.equal(request.name, 'POST /v1/chat/completions');
    assert.equal(request.parentSpanId, undefined);
    assert.equal(request.resource['service.name'], 'sluice-gateway');
    assert.deepEqual(
      {
        method: request.attributes['http.request.method'],
        status: request.attributes['http.response.status_code'],
        model: request.attributes['gen_ai.request.model'],
        input: Number(request.attributes['gen_ai.usage.input_tokens']) > 0,
        output: Number(request.attributes['gen_ai.usage.output_tokens']) > 0,
        cache: request.attributes['sluice.cache.status'],
        tenant: request.attributes['sluice.tenant'],
      },
      { method: 'POST', status: 200, model: 'test-model', input: true, output: true, cache: 'miss', tenant: 'default' },
    );
    const children = spans.filter((span) => span.parentSpanId === request.spanId);
    assert.deepEqual(
      children.sort((a, b) => (a.startNs < b.startNs ? -1 : 1)).map((span) => span.name),
      ['preGuard', 'cacheLookup', 'upstream', 'postScan', 'cacheStore', 'restore'],
    );
    for (const child of children) assert.ok(child.startNs >= request.startNs && child.endNs <= request.endNs, child.name);
    assert.equal(children.find((span) => span.name === 'upstream')!.kind, CLIENT);
  });

  it('marks an exact hit on the request span and has no upstream span', async () => {
    const ask = () =>
      suite.gw.client.chat.completions
        .create({ model: 'test-model', messages: [{ role: 'user', content: `${PROMPT} twice` }] })
        .withResponse();
    await ask();
    const hit = await ask();
    const spans = await spansOf(suite.receiver, hit.response.headers.get('x-sluice-trace-id')!, 5);
    const request = spans.find((span) => span.kind === SERVER)!;
    assert.equal(request.attributes['sluice.cache.status'], 'hit');
    assert.equal(request.attributes['sluice.cache.layer'], 'exact');
    assert.deepEqual(
      spans
        .filter((span) => span.kind !== SERVER)
        .map((span) => span.name)
        .sort(),
      ['cacheLookup', 'postScan', 'preGuard', 'restore'],
    );
  });

  it('honours an incoming traceparent: the same trace, the caller span as parent', async () => {
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const reply = await fetch(`${suite.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${callerTrace}-${callerSpan}-01`, tracestate: 'acme=1' },
      body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: `${PROMPT} parented` }] }),
    });
    assert.equal(reply.status, 200);
    const spans = await spansOf(suite.receiver, reply.headers.get('x-sluice-trace-id')!, 7);
    const request = spans.find((span) => span.kind === SERVER)!;
    assert.equal(request.traceId, callerTrace);
    assert.equal(request.parentSpanId, callerSpan);
    // The upstream was called with a traceparent of the same trace whose parent is the upstream span.
    const upstreamSpan = spans.find((span) => span.name === 'upstream')!;
    const call = suite.upstream.calls.find((c) => c.path === '/v1/chat/completions')!;
    assert.equal(call.headers.traceparent, `00-${callerTrace}-${upstreamSpan.spanId}-01`);
    assert.equal(call.headers.tracestate, 'acme=1');
  });

  it('starts a new trace for an invalid traceparent, and still sends one upstream', async () => {
    const reply = await fetch(`${suite.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${'A'.repeat(32)}-00f067aa0ba902b7-01` },
      body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: `${PROMPT} invalid parent` }] }),
    });
    const spans = await spansOf(suite.receiver, reply.headers.get('x-sluice-trace-id')!, 7);
    const request = spans.find((span) => span.kind === SERVER)!;
    assert.equal(request.parentSpanId, undefined);
    const upstreamSpan = spans.find((span) => span.name === 'upstream')!;
    const call = suite.upstream.calls.find((c) => c.path === '/v1/chat/completions')!;
    assert.equal(call.headers.traceparent, `00-${request.traceId}-${upstreamSpan.spanId}-01`);
  });

  it('sets status error with the failure code on the request and upstream spans', async () => {
    suite.upstream.behave({ kind: 'status', status: 500, body: { error: { message: 'boom' } } });
    const reply = await fetch(`${suite.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: `${PROMPT} failing` }] }),
    });
    assert.equal(reply.status, 502);
    const spans = await spansOf(suite.receiver, reply.headers.get('x-sluice-trace-id')!, 4);
    const request = spans.find((span) => span.kind === SERVER)!;
    const upstreamSpan = spans.find((span) => span.name === 'upstream')!;
    const code = request.attributes['error.type'];
    assert.equal(typeof code, 'string');
    assert.deepEqual(request.status, { code: ERROR, message: code });
    assert.equal(request.attributes['http.response.status_code'], 502);
    assert.equal(upstreamSpan.status.code, ERROR);
  });

  it('traces a streamed request, and sends the traceparent on the streamed upstream call', async () => {
    const stream = await suite.gw.client.chat.completions
      .create({ model: 'test-model', stream: true, messages: [{ role: 'user', content: `${PROMPT} streamed` }] })
      .withResponse();
    for await (const chunk of stream.data) void chunk;
    const spans = await spansOf(suite.receiver, stream.response.headers.get('x-sluice-trace-id')!, 7);
    const request = spans.find((span) => span.kind === SERVER)!;
    assert.equal(request.attributes['sluice.stream'], true);
    const upstreamSpan = spans.find((span) => span.name === 'upstream')!;
    const call = suite.upstream.calls.find((c) => c.path === '/v1/chat/completions')!;
    assert.equal(call.headers.traceparent, `00-${request.traceId}-${upstreamSpan.spanId}-01`);
  });

  it('records a request refused before it ran (a malformed body) as a request span alone', async () => {
    const reply = await fetch(`${suite.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"model": "test-model", "messages": ',
    });
    assert.equal(reply.status, 400);
    const spans = await spansOf(suite.receiver, reply.headers.get('x-sluice-trace-id')!, 1);
    assert.equal(spans.length, 1);
    assert.equal(spans[0]!.attributes['http.response.status_code'], 400);
    assert.equal(spans[0]!.status.code, ERROR);
  });

  it('never exports prompt or answer text, nor the upstream key or URL', async () => {
    await suite.gw.client.chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: `${PROMPT} leak` }],
    });
    await suite.receiver.waitForSpans(1);
    const exported = suite.receiver.bodies.join('\n');
    assert.ok(exported.length > 0);
    assert.ok(!exported.includes('secret plan'), 'prompt text');
    assert.ok(!exported.includes(suite.upstream.baseUrl), 'upstream URL');
    for (const type of suite.receiver.contentTypes) assert.match(type, /^application\/json/);
  });
});
