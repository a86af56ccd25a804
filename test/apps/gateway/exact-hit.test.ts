import assert from 'node:assert/strict';
import { gatewayForSuite } from './gateway-under-test.js';

describe('gateway: miss then exact hit with the official openai client', () => {
  const suite = gatewayForSuite();
  beforeEach(() => suite.upstream.reset());

  it('answers the second identical call from the cache, calling the upstream once', async () => {
    const ask = () =>
      suite.gw.client.chat.completions
        .create({ model: 'test-model', messages: [{ role: 'user', content: 'What is a sluice?' }] })
        .withResponse();
    const first = await ask();
    const second = await ask();
    assert.equal(first.response.headers.get('x-sluice-cache'), 'miss');
    assert.equal(second.response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.deepEqual(second.data, first.data);
    assert.equal(suite.upstream.calls.filter((c) => c.path === '/v1/chat/completions').length, 1);
    assert.match(first.response.headers.get('x-sluice-trace-id') ?? '', /^[0-9a-f-]{36}$/);
  });

  it('never forwards the client key to the upstream', async () => {
    await suite.gw.client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'key check' }] });
    const call = suite.upstream.calls.find((c) => c.path === '/v1/chat/completions');
    assert.ok(call);
    assert.equal(call.headers['authorization'], undefined);
  });

  it('skips lookup and store with the bypass header', async () => {
    const body = { model: 'test-model', messages: [{ role: 'user', content: 'bypass me' }] };
    const post = () =>
      fetch(`${suite.gw.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sluice-cache-bypass': 'true' },
        body: JSON.stringify(body),
      });
    const first = await post();
    const second = await post();
    assert.equal(first.headers.get('x-sluice-cache'), 'bypass');
    assert.equal(second.headers.get('x-sluice-cache'), 'bypass');
    assert.equal(suite.upstream.calls.length, 2);
  });

  it('counts hits, misses, cost and savings in /metrics', async () => {
    const text = await suite.gw.metricsText();
    assert.match(text, /^gw_cache_exact_hits(_total)? [1-9]/m);
    assert.match(text, /^gw_requests_total [1-9]/m);
    assert.match(text, /^gw_tokens_saved(_total)? [1-9]/m);
  });
});
