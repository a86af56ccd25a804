import assert from 'node:assert/strict';
import { GatewayError } from '@sluice/core';
import { freePort } from '../../../fixtures/free-port.js';
import { startFakeUpstream, type Behaviour, type FakeUpstream, type RecordedCall } from '../../../fixtures/fake-upstream.js';
import { openAIEmbedder, SECRET_QUESTION } from './embedder-under-test.js';

/** The GatewayError `promise` rejects with; fails the test when it resolves or throws something else. */
async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof GatewayError, `expected a GatewayError, got ${String(error)}`);
    assert.ok(!error.message.includes('X1234567'), `the input text leaked into "${error.message}"`);
    return error;
  }
  assert.fail('the call succeeded');
}

describe('semantic-cache: OpenAIEmbedder failures', () => {
  let provider: FakeUpstream;
  before(async () => {
    provider = await startFakeUpstream();
  });
  after(() => provider.close());
  beforeEach(() => provider.reset());

  it('a call that outlives timeoutMs is embedding_timeout, counted in gw_embedding_timeouts_total', async () => {
    provider.behave({ kind: 'hang' });
    const { embedder, value } = openAIEmbedder({ baseUrl: provider.baseUrl, timeoutMs: 150 });
    const error = await failure(embedder.embed(SECRET_QUESTION));
    assert.equal(error.code, 'embedding_timeout');
    assert.equal(error.status, 504);
    assert.equal(await value('gw_embedding_timeouts_total'), 1);
    assert.equal(await value('gw_embedding_request_duration_seconds', { outcome: 'embedding_timeout' }), 1);
    await embedder.close();
  });

  const unavailable: { name: string; behaviour: Behaviour; message: RegExp; dims?: number }[] = [
    { name: 'a 500', behaviour: { kind: 'status', status: 500 }, message: /status 500\.$/ },
    { name: 'a 503 with HTML', behaviour: { kind: 'status', status: 503, body: '<html>down</html>' }, message: /status 503/ },
    { name: 'a 401', behaviour: { kind: 'status', status: 401 }, message: /status 401; check embedding_api_key/ },
    { name: 'a 404', behaviour: { kind: 'status', status: 404 }, message: /check embedding_base_url and embedding_model/ },
    {
      name: 'a 400 that echoes the input',
      behaviour: { kind: 'status', status: 400, body: { error: { message: `bad input: ${SECRET_QUESTION}` } } },
      message: /status 400/,
    },
    { name: 'a 200 that is not JSON', behaviour: { kind: 'status', status: 200, body: 'ok' }, message: /not an embedding list/ },
    {
      name: 'a 200 that is not an embedding list',
      behaviour: { kind: 'status', status: 200, body: { hello: 'world' } },
      message: /not an embedding list/,
    },
    {
      name: 'a 200 with an empty data list',
      behaviour: { kind: 'status', status: 200, body: { data: [] } },
      message: /without a vector/,
    },
    {
      name: 'a 200 whose vector holds a string',
      behaviour: { kind: 'status', status: 200, body: { data: [{ embedding: [0.1, '0.2'] }] } },
      message: /not all numbers/,
    },
    {
      name: 'a 200 with an empty vector',
      behaviour: { kind: 'status', status: 200, body: { data: [{ embedding: [] }] } },
      message: /an empty vector/,
    },
    {
      name: 'a 200 with a zero vector',
      behaviour: { kind: 'status', status: 200, body: { data: [{ embedding: [0, 0, 0] }] } },
      message: /a zero vector/,
    },
    {
      name: 'a vector of the wrong length',
      behaviour: { kind: 'ok' },
      dims: 16,
      message: /8 dimensions where 16 are expected/,
    },
    { name: 'a reset connection', behaviour: { kind: 'reset' }, message: /unavailable/ },
  ];
  for (const { name, behaviour, message, dims } of unavailable) {
    it(`${name} is embedding_unavailable`, async () => {
      provider.behave(behaviour);
      const { embedder, value } = openAIEmbedder({ baseUrl: provider.baseUrl, ...(dims ? { dims } : {}) });
      const error = await failure(embedder.embed(SECRET_QUESTION));
      assert.equal(error.code, 'embedding_unavailable');
      assert.equal(error.status, 502);
      assert.match(error.message, message);
      assert.equal(await value('gw_embedding_request_duration_seconds', { outcome: 'embedding_unavailable' }), 1);
      assert.equal(await value('gw_embedding_timeouts_total'), 0);
      await embedder.close();
    });
  }

  it('a refused connection is embedding_unavailable and names the socket error', async () => {
    const { embedder } = openAIEmbedder({ baseUrl: `http://127.0.0.1:${await freePort()}/v1` });
    const error = await failure(embedder.embed(SECRET_QUESTION));
    assert.equal(error.code, 'embedding_unavailable');
    assert.match(error.message, /ECONNREFUSED/);
    await embedder.close();
  });

  it('an aborted client signal aborts the call: client_closed_request, and the provider sees the connection close', async () => {
    let arrived!: (call: RecordedCall) => void;
    const reached = new Promise<RecordedCall>((resolve) => (arrived = resolve));
    provider.behave((call) => {
      arrived(call);
      return { kind: 'hang' };
    });
    const { embedder, value } = openAIEmbedder({ baseUrl: provider.baseUrl });
    const client = new AbortController();
    const pending = failure(embedder.embed(SECRET_QUESTION, client.signal));
    const call = await reached;
    client.abort();
    const error = await pending;
    assert.equal(error.code, 'client_closed_request');
    await call.aborted;
    assert.equal(await value('gw_embedding_timeouts_total'), 0);
    await embedder.close();
  });

  it('a signal aborted before the call sends nothing', async () => {
    const { embedder } = openAIEmbedder({ baseUrl: provider.baseUrl });
    const error = await failure(embedder.embed('hello', AbortSignal.abort()));
    assert.equal(error.code, 'client_closed_request');
    assert.equal(provider.calls.length, 0);
    await embedder.close();
  });
});
