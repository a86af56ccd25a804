import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { describeRedis } from '../../fixtures/redis.js';
import { redisCommand } from '../../fixtures/resp.js';
import { guardLines, startGuardedGateway, startGuardModule, type GuardedGateway, type GuardModule } from './guards-under-test.js';

const ANA = 'ana.lopez@example.org';
const BOB = 'bob.marsh@example.net';
const question = (address: string) => `Draft a reply to ${address} confirming the delivery date.`;

describeRedis('gateway ↔ privacy guard module, exact cache on Redis: the cache holds placeholders only', (redis) => {
  let upstream: FakeUpstream;
  let privacy: GuardModule;
  let gw: GuardedGateway;
  before(async () => {
    upstream = await startFakeUpstream();
    const { url, prefix } = redis();
    privacy = await startGuardModule('privacy', { kvUrl: url, kvKeyPrefix: `${prefix}privacy:` });
    const lines = `kv_url ${url};\nkv_key_prefix "${prefix}exact:";\n${guardLines('privacy', privacy.url, privacy.apiKey)}`;
    gw = await startGuardedGateway(upstream, lines);
  });
  after(async () => {
    await gw?.close();
    await privacy?.close();
    await upstream?.close();
  });

  /** Every key under `pattern` with its raw value, as Redis holds them. */
  async function stored(pattern: string): Promise<Map<string, string>> {
    const { port } = redis();
    const found = new Map<string, string>();
    let cursor = '0';
    do {
      const [next, keys] = (await redisCommand(port, ['SCAN', cursor, 'MATCH', pattern, 'COUNT', '1000'], 2000)) as [
        string,
        string[],
      ];
      cursor = next;
      for (const key of keys) found.set(key, String(await redisCommand(port, ['GET', key], 2000)));
    } while (cursor !== '0');
    return found;
  }

  it('stores the anonymised answer, and serves it to a second user restored with their own address', async () => {
    const first = await gw.client.chat.completions
      .create({ model: 'test-model', messages: [{ role: 'user', content: question(ANA) }] })
      .withResponse();
    assert.equal(first.response.headers.get('x-sluice-cache'), 'miss');
    assert.equal(first.data.choices[0]?.message.content, `echo: ${question(ANA)}`);

    const entries = await stored(`${redis().prefix}exact*`);
    assert.equal(entries.size, 1, `one exact-cache entry: ${[...entries.keys()].join(', ')}`);
    const [value] = [...entries.values()];
    assert.ok(value!.includes('echo: Draft a reply to [EMAIL_1] confirming the delivery date.'), value);
    assert.ok(!value!.includes(ANA) && !value!.includes('example.org'), 'the cached value never holds the restored address');
    const mappings = await stored(`${redis().prefix}privacy*`);
    assert.equal(mappings.size, 1, 'the mapping lives in the privacy module’s own store');

    // Another client of the same gateway, writing about someone else.
    const second = new OpenAI({ baseURL: `${gw.url}/v1`, apiKey: 'another-user', maxRetries: 0, timeout: 10_000 });
    const hit = await second.chat.completions
      .create({ model: 'test-model', messages: [{ role: 'user', content: question(BOB) }] })
      .withResponse();
    assert.equal(hit.response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.equal(hit.data.choices[0]?.message.content, `echo: ${question(BOB)}`, 'restored with the second user’s address');
    assert.equal(upstream.calls.length, 1, 'the upstream answered once');

    const after = await stored(`${redis().prefix}exact*`);
    assert.deepEqual([...after.values()], [value], 'the hit left the entry as it was');
    assert.ok(!JSON.stringify([...after.values()]).includes(BOB));
    assert.equal((await stored(`${redis().prefix}privacy*`)).size, 2, 'one mapping per request');
  });
});
