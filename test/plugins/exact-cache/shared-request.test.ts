import assert from 'node:assert/strict';
import { Exchange, type ChatRequest } from '@sluice/core';
import { deepFreeze } from '@sluice/core';
import { cacheKernel } from './cache-under-test.js';

/** The host hands every repeat of one body the same frozen request; the key must still follow tenant and rewrites. */
describe('exact-cache: one frozen request shared by repeats', () => {
  const shared: ChatRequest = deepFreeze({ model: 'test-model', messages: [{ role: 'user', content: 'shared' }] });

  it('keys each tenant apart', async () => {
    const cache = await cacheKernel();
    const run = async (tenant: string) => {
      const exchange = new Exchange({ request: shared, tenant });
      await cache.kernel.run(exchange);
      return exchange.cache.status;
    };
    assert.deepEqual(
      [await run('acme'), await run('acme'), await run('globex'), await run('acme')],
      ['miss', 'hit', 'miss', 'hit'],
    );
    await cache.kernel.stop();
  });

  it('keys a request a guard rewrote by what it became', async () => {
    const cache = await cacheKernel();
    cache.kernel.hooks.preGuard.tapPromise('rewrite', async (exchange) => {
      if (exchange.headers['x-rewrite'] !== undefined) {
        exchange.request = { ...exchange.request, messages: [{ role: 'user', content: exchange.headers['x-rewrite'] }] };
      }
      return undefined;
    });
    const run = async (rewrite?: string) => {
      const exchange = new Exchange({ request: shared, headers: rewrite === undefined ? {} : { 'x-rewrite': rewrite } });
      await cache.kernel.run(exchange);
      return exchange.cache.status;
    };
    assert.deepEqual([await run(), await run('other'), await run('other'), await run()], ['miss', 'miss', 'hit', 'hit']);
    await cache.kernel.stop();
  });
});
