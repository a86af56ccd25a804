import assert from 'node:assert/strict';
import { keyHash, newClientKey } from '@sluice/plugin-client-keys';
import OpenAI from 'openai';
import { ask, counterValue, startKeyedGateway, UPSTREAM_KEY, type KeyedGateway } from './keyed-gateway.js';

const KEY = newClientKey();
const LIMITED_KEY = newClientKey();
const WRONG_KEY = newClientKey();

const KEYS = [
  { id: 'billing-app', hash: keyHash(KEY), settings: { tenant: 'acme', requestsPerMinute: 60 } },
  { id: 'limited-app', hash: keyHash(LIMITED_KEY), settings: { tenant: 'acme', models: ['other-model'] } },
];

/** Everything a key could leak into: logs (evidence included), evidence objects, metrics, what the upstream got. */
async function assertNeverLeaked(gw: KeyedGateway, ...keys: string[]): Promise<void> {
  const places = {
    logs: gw.logs.join(''),
    evidence: JSON.stringify(gw.events),
    metrics: await gw.metrics(),
    upstream: JSON.stringify(gw.upstream.calls.map((call) => ({ headers: call.headers, body: call.body }))),
  };
  for (const key of keys) {
    for (const [place, text] of Object.entries(places)) assert.ok(!text.includes(key), `the client key reached the ${place}`);
  }
}

describe('client-keys: client_auth required, through the OpenAI client', function () {
  this.timeout(20_000);
  let gw: KeyedGateway;

  before(async () => {
    gw = await startKeyedGateway({ clientAuth: 'required', keys: KEYS }, { gateway: { streaming: true } });
  });
  after(() => gw.close());
  beforeEach(() => gw.upstream.reset());

  it('answers a request without a key with 401 invalid_api_key (AuthenticationError), OpenAI’s message, and no upstream call', async () => {
    await assert.rejects(ask(gw.client(undefined)), (error: unknown) => {
      assert.ok(error instanceof OpenAI.AuthenticationError, String(error));
      assert.equal(error.status, 401);
      assert.equal(error.code, 'invalid_api_key');
      assert.equal(error.type, 'invalid_request_error');
      assert.match(error.message, /You didn't provide an API key/);
      return true;
    });
    assert.equal(gw.upstream.calls.length, 0);
  });

  it('admits the right key: 200, evidence names the tenant and key id, and the upstream sees only the operator’s key', async () => {
    const completion = await ask(gw.client(KEY));
    assert.equal(completion.object, 'chat.completion');
    assert.equal(gw.upstream.calls.length, 1);
    assert.equal(gw.upstream.calls[0]!.headers.authorization, `Bearer ${UPSTREAM_KEY}`);
    const completed = gw.events.filter((e) => e.event_type === 'request.completed').at(-1);
    assert.deepEqual(completed?.actor, { tenant_id: 'acme', application_id: 'billing-app' });
    await assertNeverLeaked(gw, KEY);
  });

  it('refuses a wrong key with 401 "Incorrect API key provided." and never echoes it', async () => {
    await assert.rejects(ask(gw.client(WRONG_KEY)), (error: unknown) => {
      assert.ok(error instanceof OpenAI.AuthenticationError, String(error));
      assert.equal(error.code, 'invalid_api_key');
      assert.match(error.message, /Incorrect API key provided\./);
      return true;
    });
    const raw = await gw.post({ authorization: `Bearer ${WRONG_KEY}` });
    assert.equal(raw.status, 401);
    assert.equal(raw.headers.get('www-authenticate'), 'Bearer');
    assert.ok(!raw.text.includes(WRONG_KEY), 'the 401 body echoes the key');
    assert.equal(gw.upstream.calls.length, 0);
    const denied = gw.events.filter((e) => e.event_type === 'client_auth.denied').at(-1);
    assert.equal(denied?.category, 'security');
    assert.equal(denied?.outcome, 'blocked');
    assert.equal(denied?.decision?.reason_code, 'API_KEY_INVALID');
    await assertNeverLeaked(gw, WRONG_KEY);
  });

  it('refuses another scheme, `Bearer` alone and an over-long header before hashing it', async () => {
    const basic = await gw.post({ authorization: `Basic ${Buffer.from(`u:${KEY}`).toString('base64')}` });
    assert.equal(basic.status, 401);
    assert.equal(JSON.parse(basic.text).error.message, 'Incorrect API key provided.');
    const empty = await gw.post({ authorization: 'Bearer ' });
    assert.equal(empty.status, 401);
    assert.match(JSON.parse(empty.text).error.message, /You didn't provide an API key/);
    const long = await gw.post({ authorization: `Bearer ${KEY}${'x'.repeat(600)}` });
    assert.equal(long.status, 401);
    const apiKeyHeader = await gw.post({ 'api-key': KEY });
    assert.equal(apiKeyHeader.status, 401, 'only Bearer is read');
    assert.equal(gw.upstream.calls.length, 0);
  });

  it('refuses a model outside the key’s list with 403 model_not_allowed_for_key naming the model, not the key', async () => {
    await assert.rejects(ask(gw.client(LIMITED_KEY), 'test-model'), (error: unknown) => {
      assert.ok(error instanceof OpenAI.PermissionDeniedError, String(error));
      assert.equal(error.code, 'model_not_allowed_for_key');
      assert.match(error.message, /"test-model"/);
      assert.ok(!error.message.includes(LIMITED_KEY));
      return true;
    });
    const rejected = gw.events.filter((e) => e.event_type === 'model.rejected').at(-1);
    assert.deepEqual(rejected?.actor, { tenant_id: 'acme', application_id: 'limited-app' });
    const allowed = await ask(gw.client(LIMITED_KEY), 'other-model');
    assert.equal(allowed.object, 'chat.completion');
    assert.equal(gw.upstream.calls.length, 1);
    await assertNeverLeaked(gw, LIMITED_KEY);
  });

  it('refuses a streamed request without a valid key before any stream starts, and streams for the right key', async () => {
    const stream = (key: string) =>
      gw.client(key).chat.completions.create({ model: 'test-model', stream: true, messages: [{ role: 'user', content: 'Hi' }] });
    await assert.rejects(stream(WRONG_KEY), OpenAI.AuthenticationError);
    assert.equal(gw.upstream.calls.length, 0);
    let chunks = 0;
    for await (const chunk of await stream(KEY)) chunks += chunk.choices.length;
    assert.ok(chunks > 0);
  });

  it('asks the same key for GET /v1/models: 401 without it or with a wrong one, the list with it', async () => {
    for (const key of [undefined, 'sk-sluice-wrong']) {
      await assert.rejects(gw.client(key).models.list(), (error: unknown) => {
        assert.ok(error instanceof OpenAI.AuthenticationError, String(error));
        assert.equal(error.code, 'invalid_api_key');
        return true;
      });
    }
    assert.equal(gw.upstream.calls.length, 0, 'a refused call never reaches the provider');
    const models = await gw.client(KEY).models.list();
    assert.deepEqual(
      models.data.map((m) => m.id),
      ['test-model', 'other-model'],
    );
  });

  it('counts each result in gw_client_auth_total', async () => {
    const before = await gw.metrics();
    await ask(gw.client(KEY));
    await ask(gw.client(WRONG_KEY)).catch(() => undefined);
    await ask(gw.client(undefined)).catch(() => undefined);
    await ask(gw.client(LIMITED_KEY), 'test-model').catch(() => undefined);
    const after = await gw.metrics();
    for (const result of ['admitted', 'invalid', 'missing', 'model_denied']) {
      const delta =
        counterValue(after, 'gw_client_auth_total', `result="${result}"`) -
        counterValue(before, 'gw_client_auth_total', `result="${result}"`);
      assert.equal(delta, 1, result);
    }
  });
});

describe('client-keys: client_auth optional', function () {
  this.timeout(20_000);
  let gw: KeyedGateway;

  before(async () => {
    gw = await startKeyedGateway({ clientAuth: 'optional', keys: KEYS });
  });
  after(() => gw.close());

  it('lets a request without a key through as tenant default, with no key id', async () => {
    const completion = await ask(gw.client(undefined));
    assert.equal(completion.object, 'chat.completion');
    const completed = gw.events.filter((e) => e.event_type === 'request.completed').at(-1);
    assert.deepEqual(completed?.actor, { tenant_id: 'default' });
    assert.equal(counterValue(await gw.metrics(), 'gw_client_auth_total', 'result="anonymous"'), 1);
  });

  it('still refuses a key it does not know, and admits one it does', async () => {
    await assert.rejects(ask(gw.client(WRONG_KEY)), OpenAI.AuthenticationError);
    assert.equal((await ask(gw.client(KEY))).object, 'chat.completion');
  });
});

describe('client-keys: client_auth off', function () {
  this.timeout(20_000);
  it('lets every request through as tenant default, whatever key it sends', async () => {
    const gw = await startKeyedGateway({ keys: KEYS });
    try {
      assert.equal((await ask(gw.client(WRONG_KEY))).object, 'chat.completion');
      const completed = gw.events.filter((e) => e.event_type === 'request.completed').at(-1);
      assert.deepEqual(completed?.actor, { tenant_id: 'default' });
    } finally {
      await gw.close();
    }
  });
});
