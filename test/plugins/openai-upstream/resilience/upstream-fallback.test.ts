import assert from 'node:assert/strict';
import { APIError } from 'openai';
import type { FakeUpstream } from '../../../fixtures/fake-upstream.js';
import { openAiError } from '../../../fixtures/openai-bodies.js';
import { freePort } from '../../../fixtures/free-port.js';
import { chatCalls, fakeUpstreams, gatewayWithUpstreams, upstreamBlocks, upstreamMetric } from './upstreams-under-test.js';

const ask = { model: 'test-model', messages: [{ role: 'user' as const, content: 'hello there' }] };

async function clientError(promise: Promise<unknown>): Promise<APIError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof APIError) return error;
    throw error;
  }
  assert.fail('the call succeeded');
}

describe('openai-upstream: retries and fallback, as the openai client sees them', function () {
  this.timeout(20_000);
  let primary: FakeUpstream;
  let backup: FakeUpstream;
  let gw: Awaited<ReturnType<typeof gatewayWithUpstreams>> | undefined;
  before(async () => {
    [primary, backup] = (await fakeUpstreams(2)) as [FakeUpstream, FakeUpstream];
  });
  after(async () => {
    await primary?.close();
    await backup?.close();
  });
  beforeEach(() => {
    primary.reset();
    backup.reset();
  });
  afterEach(async () => {
    await gw?.close();
    gw = undefined;
  });
  const start = async (extra = '') => {
    gw = await gatewayWithUpstreams(upstreamBlocks({ primary: primary.baseUrl, backup: backup.baseUrl }), extra);
    return gw;
  };
  const metric = (name: string, labels: Record<string, string>) => upstreamMetric(gw!.gateway.runtime.kernel, name, labels);

  it('a first upstream answering 503 is retried, then the second answers: one answer', async () => {
    const { client, events } = await start();
    primary.behave({ kind: 'status', status: 503, body: openAiError('overloaded', 'server_error', 'server_error') });
    const completion = await client.chat.completions.create(ask);
    assert.equal(completion.choices.length, 1);
    assert.equal(completion.choices[0]?.finish_reason, 'stop');
    assert.equal(chatCalls(primary), 3, 'the first call and two retries');
    assert.equal(chatCalls(backup), 1);
    assert.equal(await metric('gw_upstream_attempts_total', { upstream: 'primary', outcome: 'upstream_server_error' }), 3);
    assert.equal(await metric('gw_upstream_retries_total', { upstream: 'primary', reason: 'upstream_server_error' }), 2);
    assert.equal(await metric('gw_upstream_fallbacks_total', { upstream: 'primary', reason: 'upstream_server_error' }), 1);
    assert.equal(await metric('gw_upstream_attempts_total', { upstream: 'backup', outcome: 'ok' }), 1);
    const upstreamEvents = events.filter((e) => e.category === 'upstream');
    assert.equal(upstreamEvents.length, 1, 'one upstream event per request, the final call');
    assert.equal(upstreamEvents[0]?.upstream?.provider_name, 'backup');
    assert.deepEqual(upstreamEvents[0]?.attributes, { upstream_attempts: 4, upstream_fallbacks: 1 });
    assert.ok(!JSON.stringify(upstreamEvents).includes('127.0.0.1'), 'no URL in evidence');
  });

  it('a first upstream refusing connections falls back, streamed too', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/v1`;
    gw = await gatewayWithUpstreams(upstreamBlocks({ gone: closed, backup: backup.baseUrl }));
    const completion = await gw.client.chat.completions.create(ask);
    assert.equal(completion.choices[0]?.finish_reason, 'stop');
    const stream = await gw.client.chat.completions.create({ ...ask, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    assert.ok(text.length > 0);
    assert.equal(chatCalls(backup), 2);
    assert.equal(await metric('gw_upstream_attempts_total', { upstream: 'gone', outcome: 'upstream_connect_error' }), 6);
  });

  it('a 429 with Retry-After is retried on the same upstream once the wait is over', async () => {
    const { client } = await start();
    primary.behave((call) =>
      primary.calls.indexOf(call) === 0
        ? {
            kind: 'status',
            status: 429,
            body: openAiError('slow down', 'rate_limit_exceeded'),
            headers: { 'retry-after': '0.2' },
          }
        : { kind: 'ok' },
    );
    const completion = await client.chat.completions.create(ask);
    assert.equal(completion.choices[0]?.finish_reason, 'stop');
    assert.equal(chatCalls(primary), 2);
    assert.equal(chatCalls(backup), 0);
    assert.equal(await metric('gw_upstream_retries_total', { upstream: 'primary', reason: 'upstream_rate_limited' }), 1);
  });

  it('a 4xx other than 429 passes through at once: no retry, no fallback', async () => {
    const { client } = await start();
    primary.behave({ kind: 'status', status: 400, body: openAiError('bad messages', 'invalid_value') });
    const error = await clientError(client.chat.completions.create(ask));
    assert.equal(error.status, 400);
    assert.equal((error.error as { code?: string }).code, 'invalid_value');
    assert.equal(chatCalls(primary), 1);
    assert.equal(chatCalls(backup), 0);
  });

  it('when every upstream fails the client gets one answer: the last failure', async () => {
    const { client, events } = await start('upstream_retries 1;');
    primary.behave({ kind: 'status', status: 500, body: openAiError('boom', 'server_error', 'server_error') });
    backup.behave({ kind: 'status', status: 503, body: 'down', headers: { 'retry-after': '0' } });
    const error = await clientError(client.chat.completions.create(ask));
    assert.equal(error.status, 502);
    assert.equal((error.error as { code?: string }).code, 'upstream_server_error');
    assert.match(error.message, /upstream status 503/);
    assert.equal(chatCalls(primary), 2);
    assert.equal(chatCalls(backup), 2);
    const failed = events.filter((e) => e.event_type === 'upstream.failed');
    assert.equal(failed.length, 1);
    assert.equal(failed[0]?.upstream?.provider_name, 'backup');
  });

  it('never retries a stream whose events had begun', async () => {
    const { client } = await start();
    primary.behave({ kind: 'stream', fault: { kind: 'cut', after: 2 } });
    const failure = (async () => {
      const stream = await client.chat.completions.create({ ...ask, stream: true });
      for await (const chunk of stream) void chunk;
    })();
    await failure.catch(() => undefined);
    assert.equal(chatCalls(primary), 1);
    assert.equal(chatCalls(backup), 0);
  });

  it('sends each model to the upstreams that serve it', async () => {
    gw = await gatewayWithUpstreams(
      upstreamBlocks(
        { primary: primary.baseUrl, backup: backup.baseUrl },
        { primary: 'models test-*;', backup: 'models other-model;' },
      ),
      'model_price unserved-model 1.0 1.0;',
    );
    await gw.client.chat.completions.create(ask);
    await gw.client.chat.completions.create({ ...ask, model: 'other-model' });
    assert.deepEqual(
      primary.calls.map((c) => (c.body as { model: string }).model),
      ['test-model'],
    );
    assert.deepEqual(
      backup.calls.map((c) => (c.body as { model: string }).model),
      ['other-model'],
    );
    const error = await clientError(gw.client.chat.completions.create({ ...ask, model: 'unserved-model' }));
    assert.equal(error.status, 404);
    assert.equal((error.error as { code?: string }).code, 'upstream_model_not_served');
  });
});
