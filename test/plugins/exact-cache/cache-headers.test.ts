import assert from 'node:assert/strict';
import { Stage } from '@sluice/core';
import { ExactCachePlugin } from '@sluice/plugin-exact-cache';
import { completion, kernelUnderTest } from '../../core/kernel-under-test.js';
import { mount, post } from '../../packages/host/mounted-kernel.js';

describe('exact-cache: x-sluice-cache and x-sluice-cache-bypass', () => {
  const { kernel } = kernelUnderTest();
  kernel.use(new ExactCachePlugin());
  // A stand-in for another cache layer: its hits are named by its layer.
  kernel.hooks.cacheLookup.tapPromise({ name: 'stub-similar', stage: Stage.SIMILAR }, async (exchange) =>
    JSON.stringify(exchange.request.messages).includes('near') ? { ...completion('near'), layer: 'semantic' } : undefined,
  );
  kernel.hooks.upstream.tapPromise('u', async () => completion());

  let server: Awaited<ReturnType<typeof mount>>;
  before(async () => {
    await kernel.start();
    server = await mount(kernel);
  });
  after(async () => {
    await server.close();
    await kernel.stop();
  });

  const ask = (content: string, headers: Record<string, string> = {}) =>
    post(`${server.url}/v1/chat/completions`, JSON.stringify({ model: 'm', messages: [{ role: 'user', content }] }), {
      'content-type': 'application/json',
      ...headers,
    });

  it('says miss, then hit-exact for the same request', async () => {
    assert.equal((await ask('one')).headers.get('x-sluice-cache'), 'miss');
    assert.equal((await ask('one')).headers.get('x-sluice-cache'), 'hit-exact');
  });

  it('says how old an exact hit is in Age, and nothing on a miss', async () => {
    const miss = await ask('aged');
    assert.equal(miss.headers.get('age'), null);
    const hit = await ask('aged');
    assert.equal(hit.headers.get('x-sluice-cache'), 'hit-exact');
    assert.equal(hit.headers.get('age'), '0');
  });

  it('answers a malformed cache control with 400 invalid_cache_control in the OpenAI envelope', async () => {
    const response = await ask('one', { 'x-sluice-cache-namespace': 'not valid' });
    assert.equal(response.status, 400);
    const body = (await response.json()) as { error: { code: string; type: string } };
    assert.equal(body.error.code, 'invalid_cache_control');
    assert.equal(body.error.type, 'invalid_request_error');
  });

  it('names the layer of another cache’s hit', async () => {
    assert.equal((await ask('near enough')).headers.get('x-sluice-cache'), 'hit-semantic');
  });

  for (const value of ['1', 'true', 'yes', 'on', 'TRUE', ' on ']) {
    it(`bypasses the cache with x-sluice-cache-bypass: ${JSON.stringify(value)}`, async () => {
      const response = await ask('one', { 'x-sluice-cache-bypass': value });
      assert.equal(response.headers.get('x-sluice-cache'), 'bypass');
    });
  }

  it('does not bypass on other values', async () => {
    assert.equal((await ask('one', { 'x-sluice-cache-bypass': '0' })).headers.get('x-sluice-cache'), 'hit-exact');
  });

  it('says nothing on an error', async () => {
    const response = await post(`${server.url}/v1/chat/completions`, '{', { 'content-type': 'application/json' });
    assert.equal(response.status, 400);
    assert.equal(response.headers.get('x-sluice-cache'), null);
  });
});
