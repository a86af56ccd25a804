import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyHash } from '@sluice/caller';
import { Gateway } from '@sluice/gateway';
import { gatewayOptionsFromConfig } from '@sluice/preset-gateway';
import OpenAI from 'openai';
import { pino } from 'pino';
import { startFakeUpstream, type FakeUpstream } from '../fixtures/fake-upstream.js';
import { QdrantPeer } from '../fixtures/qdrant-peer.js';
import { describeRedis } from '../fixtures/redis.js';
import { gatewayConfig, gatewayProbes } from './deploy-manifests.js';

describeRedis('deploy: a gateway from deploy/gateway.conf on Redis and Qdrant', (redis) => {
  let upstream: FakeUpstream;
  let peer: QdrantPeer;
  let gateway: Gateway;
  let url: string;
  let keysDir: string;
  /** The deploy config requires a client key: one application's, in the keys file the secret would mount. */
  const CLIENT_KEY = 'sk-sluice-deploy-test-000000000000000000000';

  before(async () => {
    keysDir = await mkdtemp(join(tmpdir(), 'sluice-deploy-keys-'));
    await writeFile(join(keysDir, 'keys.conf'), `client_key my-app ${keyHash(CLIENT_KEY)} { tenant acme; }\n`);
    upstream = await startFakeUpstream({ models: ['gpt-4o-mini'] });
    peer = await QdrantPeer.start();
    const config = await gatewayConfig({
      OPENAI_API_KEY: 'sk-test-not-a-key',
      OPENAI_BASE_URL: upstream.baseUrl,
      SLUICE_REDIS_URL: redis().url,
      SLUICE_KV_KEY_PREFIX: redis().prefix,
      SLUICE_QDRANT_URL: peer.url,
      SLUICE_LOG_LEVEL: 'silent',
      SLUICE_KEYS_FILE: join(keysDir, 'keys.conf'),
    });
    gateway = await Gateway.create(gatewayOptionsFromConfig(config), { logger: pino({ level: 'silent' }) });
    // The container listens on 0.0.0.0:8080; here a free port of 127.0.0.1 stands in for it.
    ({ url } = await gateway.listen('127.0.0.1:0'));
  });
  after(async () => {
    await gateway?.shutdown();
    await peer?.close();
    await upstream?.close();
    await rm(keysDir, { recursive: true, force: true });
  });

  it('answers 200 on every probe the Dockerfile, compose.yaml and the Deployment use', async () => {
    const probes = gatewayProbes();
    assert.ok(probes.length >= 5);
    for (const probe of probes) {
      const response = await fetch(`${url}${probe.path}`);
      assert.equal(response.status, 200, `${probe.source} ${probe.path}: ${await response.text()}`);
    }
  });

  it('serves exact hits from Redis and semantic hits from Qdrant', async () => {
    const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: CLIENT_KEY, maxRetries: 0, timeout: 10_000 });
    const ask = (content: string) =>
      client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content }] }).withResponse();
    assert.equal((await ask('How do I reset my password?')).response.headers.get('x-sluice-cache'), 'miss');
    assert.equal((await ask('How do I reset my password?')).response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.equal((await ask('how do I reset my password')).response.headers.get('x-sluice-cache'), 'hit-semantic');
    assert.equal(peer.collection('sluice_semantic')?.points.size, 1);
    assert.equal(upstream.calls.filter((call) => call.path === '/v1/chat/completions').length, 1);
  });

  it('refuses a client without a key, as client_auth required says', async () => {
    const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'sk-not-issued', maxRetries: 0, timeout: 10_000 });
    await assert.rejects(
      client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      OpenAI.AuthenticationError,
    );
  });
});
