/**
 * `POST /v1/responses` and `GET /v1/responses/{id}` through a real gateway with the official openai client:
 * whole and streamed answers, tools, the exact cache, `previous_response_id` never answered from a cache,
 * cost from the Responses usage, and evidence without text.
 */
import assert from 'node:assert/strict';
import type { EvidenceEvent } from '@sluice/core';
import type OpenAI from 'openai';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { RESPONSES_TOOL_ARGUMENTS } from '../../fixtures/fake-responses.js';
import { gatewayForSuite } from './gateway-under-test.js';

const MARKER = /zanzibar/i;

/** Reads a streamed response: the event types in order, the text of its deltas, the completed response. */
async function readStream(client: OpenAI, input: string) {
  const stream = await client.responses.create({ model: 'test-model', input, stream: true });
  const types: string[] = [];
  let text = '';
  let completed: unknown;
  for await (const event of stream) {
    types.push(event.type);
    if (event.type === 'response.output_text.delta') text += event.delta;
    if (event.type === 'response.completed') completed = event.response;
  }
  return { types, text, completed };
}

const providerEventTypes = (events: readonly string[]) => events.map((data) => (JSON.parse(data) as { type: string }).type);
const TOOLS = [{ type: 'function' as const, name: 'get_weather', parameters: { type: 'object', properties: {} }, strict: false }];

describe('gateway: the Responses API with the official openai client', () => {
  const suite = gatewayForSuite('streaming_enabled on;\n');
  const events: EvidenceEvent[] = [];
  before(() => suite.gw.gateway.runtime.kernel.hooks.evidence.tap('test-capture', (event) => void events.push(event)));
  beforeEach(() => suite.upstream.reset());
  const responseCalls = () => suite.upstream.calls.filter((c) => c.path === '/v1/responses');
  const metric = async (name: string, labels: Record<string, string> = {}) =>
    sampleValue(parsePrometheusText(await suite.gw.metricsText()), name, labels) ?? 0;

  it('answers responses.create with the upstream Responses object, and a repeat from the exact cache', async () => {
    const ask = () =>
      suite.gw.client.responses
        .create({ model: 'test-model', input: 'What is a sluice?', instructions: 'Be brief.' })
        .withResponse();
    const first = await ask();
    assert.equal(first.data.object, 'response');
    assert.match(first.data.id, /^resp_/);
    assert.equal(first.data.output_text, 'echo: What is a sluice?');
    assert.equal(first.response.headers.get('x-sluice-cache'), 'miss');
    const sent = responseCalls()[0]?.body as Record<string, unknown>;
    assert.deepEqual(sent, { model: 'test-model', input: 'What is a sluice?', instructions: 'Be brief.' });

    const second = await ask();
    assert.equal(second.response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.deepEqual(second.data, first.data, 'the cached body keeps the original id');
    assert.equal(responseCalls().length, 1);
  });

  it('keeps responses apart from chat completions in the exact cache', async () => {
    await suite.gw.client.responses.create({ model: 'test-model', input: 'Same words on both endpoints' });
    const chat = await suite.gw.client.chat.completions
      .create({ model: 'test-model', messages: [{ role: 'user', content: 'Same words on both endpoints' }] })
      .withResponse();
    assert.equal(chat.response.headers.get('x-sluice-cache'), 'miss');
    assert.equal(chat.data.object, 'chat.completion');
  });

  it('streams the provider’s events as they come, then replays a repeat from the cache as events made from it', async () => {
    const first = await readStream(suite.gw.client, 'Stream a sluice');
    assert.equal(first.text, 'echo: Stream a sluice');
    assert.deepEqual(first.types, providerEventTypes(responseCalls()[0]!.events), 'the provider’s own events');
    assert.equal((responseCalls()[0]?.body as { stream?: unknown }).stream, true);
    const second = await readStream(suite.gw.client, 'Stream a sluice');
    assert.equal(second.text, first.text);
    assert.deepEqual(second.completed, first.completed, 'the same response, id included');
    assert.equal(second.types[0], 'response.created');
    assert.equal(second.types.at(-1), 'response.completed');
    assert.ok(second.types.includes('response.output_item.done'));
    assert.equal(responseCalls().length, 1, 'the repeat was an exact hit');
  });

  it('sends the first event while the provider is still generating (incremental streaming)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    suite.upstream.behave({ kind: 'stream', pauseAt: { after: 3, release: held } });
    const stream = await suite.gw.client.responses.create({ model: 'test-model', input: 'First token now', stream: true });
    const events = stream[Symbol.asyncIterator]();
    const firstEvent = await events.next();
    assert.equal((firstEvent.value as { type: string }).type, 'response.created', 'before the provider went on');
    release();
    let text = '';
    for (let next = await events.next(); !next.done; next = await events.next()) {
      const event = next.value as { type: string; delta?: string };
      if (event.type === 'response.output_text.delta') text += event.delta;
    }
    assert.equal(text, 'echo: First token now');
  });

  it('ends a live stream that fails mid-way with one error event, which the client throws', async () => {
    suite.upstream.behave({ kind: 'stream', fault: { kind: 'error', after: 4 } });
    const { data: stream, response } = await suite.gw.client.responses
      .create({ model: 'test-model', input: 'Fail mid-way', stream: true })
      .withResponse();
    const types: string[] = [];
    await assert.rejects(async () => {
      for await (const event of stream) types.push(event.type);
    }, /upstream provider sent an error|upstream_stream_error/);
    assert.deepEqual(types, providerEventTypes(responseCalls()[0]!.events).slice(0, 4));
    const trace = response.headers.get('x-sluice-trace-id');
    const failed = events.find((e) => e.trace_id === trace && e.event_type === 'upstream.stream.failed');
    assert.equal(failed?.committed_to_client, true);
  });

  it('stream() helper: finalResponse is the whole response', async () => {
    const stream = suite.gw.client.responses.stream({ model: 'test-model', input: 'helper stream' });
    const final = await stream.finalResponse();
    assert.equal(final.output_text, 'echo: helper stream');
  });

  it('carries a tool call and its output through, whole and streamed', async () => {
    const call = await suite.gw.client.responses.create({ model: 'test-model', input: 'Weather in Paris?', tools: TOOLS });
    const fc = call.output.find((item) => item.type === 'function_call');
    assert.ok(fc !== undefined && fc.type === 'function_call');
    assert.equal(fc.name, 'get_weather');
    assert.equal(fc.arguments, RESPONSES_TOOL_ARGUMENTS);

    const input = [
      { role: 'user' as const, content: 'Weather in Paris?' },
      fc,
      { type: 'function_call_output' as const, call_id: fc.call_id, output: 'sunny, 21 °C' },
    ];
    const stream = await suite.gw.client.responses.create({ model: 'test-model', input, tools: TOOLS, stream: true });
    let text = '';
    for await (const event of stream) if (event.type === 'response.output_text.delta') text += event.delta;
    assert.equal(text, 'tool said: sunny, 21 °C');
    const sent = responseCalls().at(-1)?.body as { input: unknown[] };
    assert.deepEqual(sent.input, JSON.parse(JSON.stringify(input)), 'the items went upstream as the client sent them');
  });

  it('never answers a request with previous_response_id from a cache, and GET /v1/responses/{id} passes through', async () => {
    const first = await suite.gw.client.responses.create({ model: 'test-model', input: 'Remember Zanzibar' });
    const follow = () =>
      suite.gw.client.responses
        .create({ model: 'test-model', input: 'And then?', previous_response_id: first.id })
        .withResponse();
    const a = await follow();
    const b = await follow();
    assert.equal(a.response.headers.get('x-sluice-cache'), 'bypass');
    assert.equal(b.response.headers.get('x-sluice-cache'), 'bypass');
    assert.notEqual(a.data.id, b.data.id);
    assert.equal(responseCalls().length, 3);

    const stored = await suite.gw.client.responses.retrieve(first.id);
    assert.deepEqual(stored, first);
    await assert.rejects(
      suite.gw.client.responses.retrieve('resp_unknown'),
      (error: { status?: number }) => error.status === 404,
    );
    const bad = await fetch(`${suite.gw.url}/v1/responses/${encodeURIComponent('../models')}`);
    assert.equal(bad.status, 400);
    assert.equal(suite.upstream.calls.filter((c) => c.method === 'GET').length, 2);
  });

  it('meters cost from the Responses usage and records evidence without text', async () => {
    const before = await metric('gw_request_cost_micro_usd_total', { model: 'test-model' });
    const response = await suite.gw.client.responses.create({ model: 'test-model', input: 'Price of Zanzibar sluices' });
    const cost = (await metric('gw_request_cost_micro_usd_total', { model: 'test-model' })) - before;
    const usage = response.usage!;
    assert.equal(cost, Math.round(usage.input_tokens * 1) + Math.round(usage.output_tokens * 2));

    const upstream = events.filter((e) => e.category === 'upstream');
    assert.ok(upstream.some((e) => e.upstream?.endpoint_class === 'responses'));
    for (const event of events) assert.doesNotMatch(JSON.stringify(event), MARKER);
  });

  it('refuses a body that is not a Responses request with the error envelope', async () => {
    const reply = await fetch(`${suite.gw.url}/v1/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'test-model', input: [] }),
    });
    assert.equal(reply.status, 400);
    const body = (await reply.json()) as { error: { code: string; message: string } };
    assert.equal(body.error.code, 'invalid_request');
    assert.match(body.error.message, /responses request: input/);
  });
});

describe('gateway: the Responses API with streaming_mode controlled', () => {
  const suite = gatewayForSuite('streaming_enabled on;\nstreaming_mode controlled;\n');

  it('sends the approved answer as events made from it: one delta per text part', async () => {
    const read = await readStream(suite.gw.client, 'Held whole');
    assert.equal(read.text, 'echo: Held whole');
    assert.equal(read.types.filter((type) => type === 'response.output_text.delta').length, 1);
    assert.equal(read.types.at(-1), 'response.completed');
    const provider = providerEventTypes(suite.upstream.calls[0]!.events);
    assert.ok(provider.filter((type) => type === 'response.output_text.delta').length > 1, 'the provider streamed in pieces');
  });
});
