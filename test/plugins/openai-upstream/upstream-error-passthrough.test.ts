import assert from 'node:assert/strict';
import { Gateway } from '@sluice/gateway';
import { gatewayOptionsFromConfig, parseGatewayConfig } from '@sluice/preset-gateway';
import OpenAI, { APIError } from 'openai';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { openAiError } from '../../fixtures/openai-bodies.js';
import { loggerInto } from '../../fixtures/log-lines.js';

const KEY = 'sk-proj-Zq81vLm3Tc9XwE4rYb6NuK2sHa7Pd0Gf';

/** A gateway with the upstream key `KEY` and streaming on, whose log lines are kept. */
async function startGateway(upstream: FakeUpstream) {
  const logs: string[] = [];
  const logger = loggerInto(logs);
  const config = await parseGatewayConfig(
    `upstream_base_url ${upstream.baseUrl};
upstream_api_key ${KEY};
upstream_timeout_seconds 2;
model_price test-model 1.0 2.0;
streaming_enabled on;
`,
    'test.conf',
    { env: {} },
  );
  const gateway = await Gateway.create(gatewayOptionsFromConfig(config), { logger });
  const { url } = await gateway.listen('127.0.0.1:0');
  const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'client-key', maxRetries: 0, timeout: 10_000 });
  return { gateway, url, client, logs };
}

const ask = { model: 'test-model', messages: [{ role: 'user' as const, content: 'hi' }] };

async function clientError(promise: Promise<unknown>): Promise<APIError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof APIError) return error;
    throw error;
  }
  assert.fail('the call succeeded');
}

/** Every piece of eight characters of the key: none may reach a client or a log. */
function assertNoKeyIn(text: string, where: string): void {
  for (let i = 0; i + 8 <= KEY.length; i += 1) {
    assert.ok(!text.includes(KEY.slice(i, i + 8)), `${where} holds "${KEY.slice(i, i + 8)}": ${text}`);
  }
}

describe('openai-upstream: provider errors passed through to the client', function () {
  this.timeout(20_000);
  let upstream: FakeUpstream;
  let gw: Awaited<ReturnType<typeof startGateway>>;
  before(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway(upstream);
  });
  after(async () => {
    await gw?.gateway.shutdown();
    await upstream?.close();
  });
  afterEach(() => upstream.reset());

  const quotes = [
    ['the key in full', `Incorrect API key provided: ${KEY}. You can find your API key at https://platform.example/api-keys.`],
    ['a masked quote', `Incorrect API key provided: ${KEY.slice(0, 8)}${'*'.repeat(24)}${KEY.slice(-4)}.`],
    ['a masked quote with an ellipsis', `Incorrect API key provided: sk-...${KEY.slice(-4)}.`],
    ['a piece of it', `key fragment ${KEY.slice(9, 22)} is unknown`],
  ] as const;
  for (const [name, message] of quotes) {
    it(`redacts ${name} from a 401 body, keeping the rest of the provider's error`, async () => {
      upstream.behave({ kind: 'status', status: 401, body: openAiError(message, 'invalid_api_key') });
      const reply = await fetch(`${gw.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ask),
      });
      const text = await reply.text();
      assert.equal(reply.status, 401);
      assertNoKeyIn(text, 'the reply');
      const body = JSON.parse(text) as { error: { message: string; code: string } };
      assert.equal(body.error.code, 'invalid_api_key');
      assert.match(body.error.message, /\[redacted\]/);
      assertNoKeyIn(gw.logs.join(''), 'the log');
    });
  }

  it('answers an error body longer than 64 KiB with the envelope instead of passing it on', async () => {
    upstream.behave({ kind: 'status', status: 400, body: openAiError(`${KEY} ${'x'.repeat(70_000)}`, 'too_long') });
    const error = await clientError(gw.client.chat.completions.create(ask));
    assert.equal(error.status, 502);
    assert.equal((error.error as { code?: string }).code, 'upstream_bad_request');
    assertNoKeyIn(JSON.stringify(error.error), 'the error');
  });

  it('redacts the key from a 4xx of the model list too', async () => {
    upstream.behave({ kind: 'status', status: 401, body: openAiError(`Incorrect API key provided: ${KEY}`, 'invalid_api_key') });
    const error = await clientError(gw.client.models.list());
    assert.equal(error.status, 401);
    assertNoKeyIn(JSON.stringify(error.error), 'the error');
  });

  it('passes on retry-after and x-ratelimit-* of a 429, and no other header, to the openai client', async () => {
    upstream.behave({
      kind: 'status',
      status: 429,
      body: openAiError('Rate limit reached for requests', 'rate_limit_exceeded', 'requests'),
      headers: {
        'retry-after': '7',
        'retry-after-ms': '6500',
        'x-ratelimit-limit-requests': '500',
        'x-ratelimit-remaining-requests': '0',
        'x-ratelimit-reset-requests': '6.5s',
        'x-ratelimit-long-name-that-goes-on': 'x'.repeat(300),
        'x-provider-internal': 'secret-route',
        'set-cookie': 'session=1',
      },
    });
    const error = await clientError(gw.client.chat.completions.create(ask));
    assert.equal(error.status, 429);
    assert.equal(error.headers?.get('retry-after'), '7');
    assert.equal(error.headers?.get('retry-after-ms'), '6500');
    assert.equal(error.headers?.get('x-ratelimit-limit-requests'), '500');
    assert.equal(error.headers?.get('x-ratelimit-remaining-requests'), '0');
    assert.equal(error.headers?.get('x-ratelimit-reset-requests'), '6.5s');
    assert.equal(error.headers?.get('x-ratelimit-long-name-that-goes-on'), null, 'an overlong value is dropped');
    assert.equal(error.headers?.get('x-provider-internal'), null);
    assert.equal(error.headers?.get('set-cookie'), null);
    assert.match(error.headers?.get('x-sluice-trace-id') ?? '', /./);
  });

  it('passes on the rate-limit headers of a 429 of the model list', async () => {
    upstream.behave({
      kind: 'status',
      status: 429,
      body: openAiError('slow down', 'rate_limit_exceeded'),
      headers: { 'retry-after': '4' },
    });
    const error = await clientError(gw.client.models.list());
    assert.equal(error.status, 429);
    assert.equal(error.headers?.get('retry-after'), '4');
  });

  it('passes on the rate-limit headers of a 429 to a streaming request, which fails before its first byte', async () => {
    upstream.behave({
      kind: 'status',
      status: 429,
      body: openAiError('slow down', 'rate_limit_exceeded'),
      headers: { 'retry-after': '3', 'x-ratelimit-remaining-tokens': '0' },
    });
    const error = await clientError(gw.client.chat.completions.create({ ...ask, stream: true }));
    assert.equal(error.status, 429);
    assert.equal(error.headers?.get('retry-after'), '3');
    assert.equal(error.headers?.get('x-ratelimit-remaining-tokens'), '0');
  });

  it('passes on retry-after of a 503 with the gateway’s 502, and not its rate-limit counters', async () => {
    upstream.behave({ kind: 'status', status: 503, headers: { 'retry-after': '30', 'x-ratelimit-remaining-requests': '0' } });
    const error = await clientError(gw.client.chat.completions.create(ask));
    assert.equal(error.status, 502);
    assert.equal(error.headers?.get('retry-after'), '30');
    assert.equal(error.headers?.get('x-ratelimit-remaining-requests'), null);
  });

  it('passes on no rate-limit header with other statuses', async () => {
    upstream.behave({ kind: 'status', status: 400, body: openAiError('bad', 'bad'), headers: { 'retry-after': '30' } });
    const error = await clientError(gw.client.chat.completions.create(ask));
    assert.equal(error.status, 400);
    assert.equal(error.headers?.get('retry-after'), null);
  });
});
