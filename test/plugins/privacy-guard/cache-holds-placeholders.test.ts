import assert from 'node:assert/strict';
import { ExactCachePlugin } from '@sluice/plugin-exact-cache';
import { answerOf, privacyKernel } from './privacy-under-test.js';

describe('privacy guard with the exact cache', () => {
  it('caches the anonymised exchange: a request with other values hits it and gets its own values back', async () => {
    const guard = await privacyKernel({ url: 'local' }, { plugins: [new ExactCachePlugin()] });
    try {
      const first = await guard.ask('Draft a reply to ana@example.org');
      assert.equal(answerOf(first), 'answer 1 to Draft a reply to ana@example.org');
      const second = await guard.ask('Draft a reply to bob@example.net');
      assert.equal(second.cache.status, 'hit');
      assert.equal(guard.upstreamCalls(), 1);
      const cached = JSON.stringify(second.cached?.body);
      assert.ok(cached.includes('[EMAIL_1]'), 'the cache holds placeholders');
      assert.ok(!cached.includes('ana@example.org') && !cached.includes('bob@example.net'), 'and never a restored value');
      assert.equal(answerOf(second), 'answer 1 to Draft a reply to bob@example.net');
    } finally {
      await guard.close();
    }
  });
});
