import assert from 'node:assert/strict';
import { Stage } from '@sluice/core';
import { completion, kernelUnderTest } from '../../core/kernel-under-test.js';
import { mount, post } from './mounted-kernel.js';

describe('host: cache headers, bypass, prefix, plugin routes', () => {
  const { kernel } = kernelUnderTest();
  const stored = new Set<string>();
  kernel.hooks.cacheLookup.tapPromise({ name: 'stub-cache', stage: Stage.EXACT }, async (exchange) => {
    const key = JSON.stringify(exchange.request.messages);
    return stored.has(key) ? { ...completion('cached'), layer: 'exact' } : undefined;
  });
  kernel.hooks.cacheLookup.tapPromise({ name: 'stub-semantic', stage: Stage.SIMILAR }, async (exchange) =>
    JSON.stringify(exchange.request.messages).includes('near')
      ? { ...completion('near'), layer: 'semantic', similarity: 0.93456 }
      : undefined,
  );
  kernel.hooks.upstream.tapPromise('u', async () => completion());
  kernel.hooks.cacheStore.tapPromise('stub-store', async (exchange) => {
    stored.add(JSON.stringify(exchange.request.messages));
  });
  kernel.route({
    method: 'GET',
    path: '/v1/models',
    plugin: 'stub',
    handle: async () => ({ status: 200, body: { object: 'list', data: [] } }),
  });

  let server: Awaited<ReturnType<typeof mount>>;
  before(async () => {
    server = await mount(kernel, { prefix: '/llm' });
  });
  after(() => server.close());

  const ask = (content: string, headers: Record<string, string> = {}) =>
    post(`${server.url}/llm/v1/chat/completions`, JSON.stringify({ model: 'm', messages: [{ role: 'user', content }] }), {
      'content-type': 'application/json',
      ...headers,
    });

  it('says miss, then hit-exact for the same request', async () => {
    assert.equal((await ask('one')).headers.get('x-sluice-cache'), 'miss');
    assert.equal((await ask('one')).headers.get('x-sluice-cache'), 'hit-exact');
  });

  it('says hit-semantic with the similarity', async () => {
    const response = await ask('near enough');
    assert.equal(response.headers.get('x-sluice-cache'), 'hit-semantic');
    assert.equal(response.headers.get('x-sluice-similarity'), '0.9346');
  });

  for (const value of ['1', 'true', 'yes', 'on', 'TRUE']) {
    it(`bypasses the cache with x-sluice-cache-bypass: ${value}`, async () => {
      const response = await ask('one', { 'x-sluice-cache-bypass': value });
      assert.equal(response.headers.get('x-sluice-cache'), 'bypass');
    });
  }

  it('does not bypass on other values', async () => {
    assert.equal((await ask('one', { 'x-sluice-cache-bypass': '0' })).headers.get('x-sluice-cache'), 'hit-exact');
  });

  it('serves plugin routes under the prefix, and nothing outside it', async () => {
    const models = await fetch(`${server.url}/llm/v1/models`);
    assert.equal(models.status, 200);
    assert.deepEqual(await models.json(), { object: 'list', data: [] });
    assert.equal((await fetch(`${server.url}/v1/models`)).status, 404);
  });
});
