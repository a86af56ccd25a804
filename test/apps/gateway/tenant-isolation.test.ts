/**
 * Two tenants never see each other's answers through any cache layer: the exact cache on Redis, the
 * semantic cache, and the privacy guard's mappings, each request admitted by its client key through the
 * official openai client. Keys that opt into `cache_share` meet in one shared pool, and only there.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { keyHash } from '@sluice/caller';
import OpenAI from 'openai';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { describeRedis } from '../../fixtures/redis.js';
import { guardLines, startGuardedGateway, startGuardModule, type GuardedGateway, type GuardModule } from './guards-under-test.js';

/** Each key's id, secret and tenant; the shared ones opt into the shared pool. */
const KEYS = {
  acmeApp: { id: 'acme-app', key: 'sk-sluice-acme-app-0000000000000000000000', tenant: 'acme', share: false },
  acmeBatch: { id: 'acme-batch', key: 'sk-sluice-acme-batch-00000000000000000000', tenant: 'acme', share: false },
  globexApp: { id: 'globex-app', key: 'sk-sluice-globex-app-00000000000000000000', tenant: 'globex', share: false },
  sharedA: { id: 'shared-a', key: 'sk-sluice-shared-a-0000000000000000000000', tenant: 'initech', share: true },
  sharedB: { id: 'shared-b', key: 'sk-sluice-shared-b-0000000000000000000000', tenant: 'umbrella', share: true },
} as const;
type KeyName = keyof typeof KEYS;

const keyLines = Object.values(KEYS)
  .map((k) => `client_key ${k.id} ${keyHash(k.key)} { tenant ${k.tenant}; cache_share ${k.share ? 'on' : 'off'}; }`)
  .join('\n');

describeRedis('gateway: tenants never share answers through any cache layer', (redis) => {
  let upstream: FakeUpstream;
  let privacy: GuardModule;
  let gw: GuardedGateway;
  let dir: string;
  let nonce = 0;

  before(async () => {
    upstream = await startFakeUpstream();
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-tenants-'));
    const { url, prefix } = redis();
    privacy = await startGuardModule('privacy', { kvUrl: url, kvKeyPrefix: `${prefix}privacy:` });
    gw = await startGuardedGateway(
      upstream,
      [
        `kv_url ${url};`,
        `kv_key_prefix "${prefix}exact:";`,
        'semantic_cache_enabled on;',
        `semantic_cache_data_dir ${dir};`,
        guardLines('privacy', privacy.url, privacy.apiKey),
        'client_auth required;',
        keyLines,
      ].join('\n'),
    );
  });
  after(async () => {
    await gw?.close();
    await privacy?.close();
    await upstream?.close();
    await rm(dir, { recursive: true, force: true });
  });

  function client(name: KeyName): OpenAI {
    return new OpenAI({ baseURL: `${gw.url}/v1`, apiKey: KEYS[name].key, maxRetries: 0, timeout: 10_000 });
  }

  /** Asks as `name`; the answer's cache header and whether the provider was called for it. */
  async function ask(name: KeyName, content: string): Promise<{ cache: string | null; upstreamCalled: boolean }> {
    const before = upstream.calls.length;
    const { data, response } = await client(name)
      .chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content }] })
      .withResponse();
    assert.equal(data.object, 'chat.completion');
    return { cache: response.headers.get('x-sluice-cache'), upstreamCalled: upstream.calls.length > before };
  }

  /** A question no earlier test asked, so every test starts from empty caches for it. */
  const fresh = (topic: string) => `How do I rotate the ${topic} credentials for deployment ${(nonce += 1)}?`;
  const paraphrase = (question: string) => question.toLowerCase().replace(/\?$/, '');

  it('serves a tenant’s answer to its other key, exactly and semantically', async () => {
    const question = fresh('billing');
    assert.deepEqual(await ask('acmeApp', question), { cache: 'miss', upstreamCalled: true });
    assert.deepEqual(await ask('acmeBatch', question), { cache: 'hit-exact', upstreamCalled: false });
    assert.deepEqual(await ask('acmeBatch', paraphrase(question)), { cache: 'hit-semantic', upstreamCalled: false });
  });

  it('never serves one tenant’s answer to another, exactly or semantically, in either direction', async () => {
    const pairs: readonly [KeyName, KeyName][] = [
      ['acmeApp', 'globexApp'],
      ['globexApp', 'acmeBatch'],
      ['acmeApp', 'sharedA'],
      ['sharedB', 'globexApp'],
    ];
    for (const [storer, asker] of pairs) {
      const question = fresh(`${storer}-${asker}`);
      assert.equal((await ask(storer, question)).cache, 'miss');
      assert.deepEqual(await ask(asker, question), { cache: 'miss', upstreamCalled: true }, `${asker} after ${storer}`);
      const other = fresh(`${asker}-${storer}`);
      await ask(storer, other);
      assert.deepEqual(
        await ask(asker, paraphrase(other)),
        { cache: 'miss', upstreamCalled: true },
        `${asker} paraphrasing ${storer}`,
      );
    }
  });

  it('lets keys with cache_share meet in the shared pool, whatever their tenants', async () => {
    const question = fresh('shared');
    assert.equal((await ask('sharedA', question)).cache, 'miss');
    assert.deepEqual(await ask('sharedB', question), { cache: 'hit-exact', upstreamCalled: false });
    assert.deepEqual(await ask('sharedB', paraphrase(question)), { cache: 'hit-semantic', upstreamCalled: false });
  });

  it('restores a tenant’s masked values only in its own answers', async () => {
    const question = (address: string) => `Draft a reply to ${address} confirming the delivery date ${(nonce += 1)}.`;
    const acme = question('ana.lopez@example.org');
    const first = await client('acmeApp').chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: acme }],
    });
    assert.equal(first.choices[0]?.message.content, `echo: ${acme}`);
    // The same text from another tenant is its own request: a miss, answered with its own values.
    const { data, response } = await client('globexApp')
      .chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: acme }] })
      .withResponse();
    assert.equal(response.headers.get('x-sluice-cache'), 'miss');
    assert.equal(data.choices[0]?.message.content, `echo: ${acme}`);
  });

  it('names each request’s tenant and key id in its evidence once the key is checked', async () => {
    const question = fresh('evidence');
    const { response } = await client('globexApp')
      .chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: question }] })
      .withResponse();
    // request.received is recorded on arrival, before any tap has read the key.
    const events = gw
      .eventsOf(response.headers.get('x-sluice-trace-id') ?? '')
      .filter((e) => e.event_type !== 'request.received');
    assert.ok(events.some((e) => e.event_type === 'request.completed'));
    for (const event of events)
      assert.deepEqual(event.actor, { tenant_id: 'globex', application_id: 'globex-app' }, event.event_type);
  });
});
