/**
 * Per-request cache controls through the official openai client, on both cache layers at once: each
 * header as docs/keys-and-tenants.md describes it, and a key whose controls are off.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { keyHash } from '@sluice/caller';
import OpenAI from 'openai';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { baseConfig, startGateway, type GatewayUnderTest } from './gateway-under-test.js';

const OPEN_KEY = 'sk-sluice-controls-open-00000000000000000000';
const SHUT_KEY = 'sk-sluice-controls-shut-00000000000000000000';

describe('gateway: per-request cache controls through the openai client', function () {
  this.timeout(30_000);
  let upstream: FakeUpstream;
  let gw: GatewayUnderTest;
  let dir: string;
  let nonce = 0;

  before(async () => {
    upstream = await startFakeUpstream();
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-controls-'));
    gw = await startGateway(
      baseConfig(
        upstream.baseUrl,
        [
          'semantic_cache_enabled on;',
          `semantic_cache_data_dir ${dir};`,
          'client_auth required;',
          `client_key open ${keyHash(OPEN_KEY)} { tenant acme; }`,
          `client_key shut ${keyHash(SHUT_KEY)} { tenant acme; cache_controls off; }`,
        ].join('\n'),
      ),
    );
  });
  after(async () => {
    await gw?.close();
    await upstream?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const client = (key: string) => new OpenAI({ baseURL: `${gw.url}/v1`, apiKey: key, maxRetries: 0, timeout: 10_000 });

  /** Asks as `key` with these headers: the cache header, Age, and whether the provider was called. */
  async function ask(content: string, headers: Record<string, string> = {}, key = OPEN_KEY) {
    const before = upstream.calls.length;
    const { response } = await client(key)
      .chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content }] }, { headers })
      .withResponse();
    return {
      cache: response.headers.get('x-sluice-cache'),
      age: response.headers.get('age'),
      upstreamCalled: upstream.calls.length > before,
    };
  }
  const fresh = () => `What does the retention policy say about invoices from quarter ${(nonce += 1)}?`;
  const paraphrase = (question: string) => question.toLowerCase().replace(/\?$/, '');

  it('answers a hit with Age, and no Age on a miss', async () => {
    const question = fresh();
    const miss = await ask(question);
    assert.deepEqual([miss.cache, miss.age], ['miss', null]);
    await delay(1100);
    const hit = await ask(question);
    assert.equal(hit.cache, 'hit-exact');
    assert.ok(Number(hit.age) >= 1, `Age ${hit.age}`);
  });

  it('Cache-Control: no-cache skips the read of both layers and stores the fresh answer', async () => {
    const question = fresh();
    await ask(question);
    assert.deepEqual(await ask(question, { 'cache-control': 'no-cache' }), { cache: 'miss', age: null, upstreamCalled: true });
    assert.equal((await ask(paraphrase(question), { 'cache-control': 'no-cache' })).upstreamCalled, true);
    assert.equal((await ask(question)).cache, 'hit-exact', 'the fresh answer was stored');
  });

  it('Cache-Control: no-store leaves nothing behind in either layer', async () => {
    const question = fresh();
    assert.equal((await ask(question, { 'cache-control': 'no-store' })).cache, 'miss');
    assert.equal((await ask(question)).upstreamCalled, true);
  });

  it('Cache-Control: max-age=N takes only a younger entry, and the fresh answer replaces an older one', async () => {
    const question = fresh();
    await ask(question);
    assert.equal((await ask(question, { 'cache-control': 'max-age=60' })).cache, 'hit-exact');
    await delay(1100);
    assert.deepEqual((await ask(question, { 'cache-control': 'max-age=1' })).upstreamCalled, true);
    const after = await ask(question, { 'cache-control': 'max-age=1' });
    assert.equal(after.cache, 'hit-exact', 'the replaced entry is young again');
  });

  it('x-sluice-cache-ttl stores for that long only', async () => {
    const question = fresh();
    await ask(question, { 'x-sluice-cache-ttl': '1' });
    assert.equal((await ask(question)).cache, 'hit-exact');
    await delay(2100);
    assert.equal((await ask(question)).upstreamCalled, true, 'expired after its own TTL');
  });

  it('x-sluice-cache-namespace keeps a sub-scope of the tenant apart from the rest', async () => {
    const question = fresh();
    await ask(question, { 'x-sluice-cache-namespace': 'team-a' });
    assert.equal((await ask(question)).upstreamCalled, true, 'outside the namespace: a miss');
    assert.equal((await ask(question, { 'x-sluice-cache-namespace': 'team-b' })).upstreamCalled, true);
    assert.equal((await ask(question, { 'x-sluice-cache-namespace': 'team-a' })).cache, 'hit-exact');
    assert.equal((await ask(paraphrase(question), { 'x-sluice-cache-namespace': 'team-a' })).cache, 'hit-semantic');
  });

  it('x-sluice-cache-bypass neither reads nor stores', async () => {
    const question = fresh();
    await ask(question);
    assert.deepEqual(await ask(question, { 'x-sluice-cache-bypass': '1' }), { cache: 'bypass', age: null, upstreamCalled: true });
  });

  it('refuses a malformed control with 400 invalid_cache_control, before the provider', async () => {
    for (const headers of [
      { 'x-sluice-cache-ttl': 'soon' },
      { 'x-sluice-cache-namespace': '../etc' },
      { 'cache-control': 'max-age=-1' },
    ]) {
      const before = upstream.calls.length;
      await assert.rejects(ask(fresh(), headers), (error: unknown) => {
        assert.ok(error instanceof OpenAI.BadRequestError, String(error));
        assert.equal(error.code, 'invalid_cache_control');
        return true;
      });
      assert.equal(upstream.calls.length, before);
    }
  });

  it('ignores every control of a key with cache_controls off, malformed ones included', async () => {
    const question = fresh();
    await ask(question, {}, SHUT_KEY);
    for (const headers of [{ 'cache-control': 'no-cache' }, { 'x-sluice-cache-bypass': '1' }, { 'x-sluice-cache-ttl': 'soon' }])
      assert.equal((await ask(question, headers, SHUT_KEY)).cache, 'hit-exact', JSON.stringify(headers));
  });
});
