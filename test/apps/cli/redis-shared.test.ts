import assert from 'node:assert/strict';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { describeRedis, privateRedisOrSkip } from '../../fixtures/redis.js';
import { startGatewayProcess, writeConfig } from './gateway-process.js';

const ask = (url: string, content: string) =>
  fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content }] }),
  });

const config = (upstream: FakeUpstream, redisUrl: string, prefix: string) =>
  `listen_addr 127.0.0.1:0;\nupstream_base_url ${upstream.baseUrl};\nmodel_price test-model 1 2;\nkv_url ${redisUrl};\nkv_key_prefix "${prefix}";\nkv_timeout_seconds 0.3;\n`;

describeRedis('gateway processes sharing a Redis exact cache', (redis) => {
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(async () => upstream?.close());

  it('serves in the second process what the first one stored', async () => {
    const file = await writeConfig(config(upstream, redis().url, redis().prefix));
    const first = await startGatewayProcess(file);
    const second = await startGatewayProcess(file);
    try {
      const miss = await ask(first.url, 'shared across processes');
      assert.equal(miss.headers.get('x-sluice-cache'), 'miss');
      const hit = await ask(second.url, 'shared across processes');
      assert.equal(hit.headers.get('x-sluice-cache'), 'hit-exact');
      assert.deepEqual(await hit.json(), await miss.json());
      assert.equal(upstream.calls.length, 1);
    } finally {
      await first.child.kill();
      await second.child.kill();
    }
  });
});

describe('gateway process: Redis killed mid-run', () => {
  it('keeps answering through the upstream and counts the cache errors', async function () {
    const redis = await privateRedisOrSkip(this, 'Redis killed mid-run');
    const upstream = await startFakeUpstream();
    const file = await writeConfig(config(upstream, redis.url, 'sluice-test-outage:'));
    const { child, url } = await startGatewayProcess(file);
    try {
      assert.equal((await ask(url, 'before the outage')).status, 200);
      assert.equal((await ask(url, 'before the outage')).headers.get('x-sluice-cache'), 'hit-exact');
      await redis.kill();
      for (const content of ['during the outage', 'before the outage', 'during the outage']) {
        const response = await ask(url, content);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('x-sluice-cache'), 'miss');
      }
      const metrics = await (await fetch(`${url}/metrics`)).text();
      assert.match(metrics, /^gw_cache_errors_total\{[^}]*layer="exact"[^}]*\} [1-9]/m);
      const ready = await fetch(`${url}/readyz`);
      assert.equal(ready.status, 503);
      assert.match(await ready.text(), /^not ready: kv/);
    } finally {
      await child.kill();
      await upstream.close();
      await redis.stop();
    }
  });
});
