import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SemanticCacheOptionsInput } from '@sluice/plugin-semantic-cache';
import { freePort } from '../../fixtures/free-port.js';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { QdrantPeer } from '../../fixtures/qdrant-peer.js';
import { baseConfig, startGateway } from '../../apps/gateway/gateway-under-test.js';
import { semanticKernel, type SemanticUnderTest } from './semantic-under-test.js';

const QUESTION = 'How do I reset my password?';
const PARAPHRASE = 'how do I reset my password';

/** An OpenAI-compatible embedder of 8-number vectors (the fake provider's length) at `baseUrl`. */
const remote = (baseUrl: string, extra: Partial<SemanticCacheOptionsInput> = {}): SemanticCacheOptionsInput => ({
  embedding: { provider: 'openai_compatible', baseUrl, model: 'text-embedding-test', timeoutSeconds: 0.3 },
  store: { vectorSize: 8 },
  ...extra,
});

/** Starts a kernel that must refuse to start; its data directory is removed either way. */
async function refusedStart(options: SemanticCacheOptionsInput, message: RegExp): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sluice-semantic-faults-'));
  try {
    await assert.rejects(semanticKernel(options, 'enforce', dir), message);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('semantic-cache faults: the embedding endpoint is down or slow', () => {
  let sut: SemanticUnderTest | undefined;
  let provider: FakeUpstream;
  let closed: string;
  before(async () => {
    provider = await startFakeUpstream();
    closed = `http://127.0.0.1:${await freePort()}/v1`;
  });
  after(() => provider.close());
  beforeEach(() => provider.reset());
  afterEach(async () => {
    await sut?.close();
    sut = undefined;
  });

  /** Delays every embedding call well past the 0.3 s timeout, after a start-up that went through. */
  const slow = () => provider.behave({ kind: 'delay', ms: 3_000 });

  for (const [what, baseUrl, code, status] of [
    ['down', () => closed, 'embedding_unavailable', 502],
    ['slow', () => provider.baseUrl, 'embedding_timeout', 504],
  ] as const) {
    it(`${what}, fail-open: the request goes upstream and gw_cache_errors_total{layer="semantic"} counts it`, async () => {
      sut = await semanticKernel(remote(baseUrl()));
      if (what === 'slow') slow();
      const exchange = await sut.ask(QUESTION);
      assert.equal(exchange.error, undefined);
      assert.equal(exchange.response?.status, 200);
      assert.equal(exchange.cache.status, 'miss');
      assert.equal(sut.upstreamCalls(), 1);
      assert.equal(await sut.counter('gw_cache_errors_total', { layer: 'semantic', operation: 'embed' }), 1);
      assert.equal(await sut.counter('gw_embedding_timeouts_total'), what === 'slow' ? 1 : 0);
    });

    it(`${what}, fail-closed: the request fails with ${code} (${status})`, async () => {
      sut = await semanticKernel(remote(baseUrl(), { failOpen: false }));
      if (what === 'slow') slow();
      const exchange = await sut.ask(QUESTION);
      assert.equal(exchange.error?.code, code);
      assert.equal(exchange.error.status, status);
      assert.equal(exchange.response, undefined);
      assert.equal(sut.upstreamCalls(), 0);
    });

    it(`${what}, observe mode (even fail-closed): never fails, gw_evaluation_errors_total counts it`, async () => {
      sut = await semanticKernel(remote(baseUrl(), { failOpen: false }), 'observe');
      if (what === 'slow') slow();
      const exchange = await sut.ask(QUESTION);
      assert.equal(exchange.error, undefined);
      assert.equal(exchange.response?.status, 200);
      assert.equal(await sut.counter('gw_evaluation_errors_total', { layer: 'semantic' }), 1);
    });
  }

  it('down at start without vectordb_vector_size: fail-open runs a no-op, fail-closed refuses to start', async () => {
    const noSize = { embedding: remote(closed).embedding! };
    sut = await semanticKernel(noSize);
    assert.equal(sut.plugin.health()[0]?.initialised, false);
    assert.match(sut.plugin.health()[0]?.reason ?? '', /^embedding: .*unavailable/);
    assert.equal((await sut.ask(QUESTION)).response?.status, 200);
    await refusedStart({ ...noSize, failOpen: false }, /semantic-cache.*embedding endpoint is unavailable/);
  });

  it('an endpoint that answers wrongly at start (401) is a configuration error, even fail-open', async () => {
    provider.behave({ kind: 'status', status: 401 });
    await refusedStart(remote(provider.baseUrl), /status 401; check embedding_api_key/);
  });
});

describe('semantic-cache faults: the Qdrant vector store', () => {
  let peer: QdrantPeer;
  let sut: SemanticUnderTest | undefined;
  beforeEach(async () => {
    peer = await QdrantPeer.start();
  });
  afterEach(async () => {
    await sut?.close();
    sut = undefined;
    await peer.close();
  });

  it('stopped mid-run: requests still succeed, health() shows it down, and lookups resume when it is back', async () => {
    sut = await semanticKernel({ store: { vectordbUrl: peer.url } });
    await sut.ask(QUESTION);
    assert.equal((await sut.ask(PARAPHRASE)).cache.status, 'hit');
    assert.deepEqual(
      sut.plugin.health().map((d) => [d.initialised, d.up]),
      [[true, true]],
    );

    await peer.stop();
    const during = await sut.ask(PARAPHRASE);
    assert.equal(during.error, undefined);
    assert.equal(during.response?.status, 200);
    assert.equal(during.cache.status, 'miss');
    assert.equal(sut.upstreamCalls(), 2);
    assert.ok((await sut.counter('gw_cache_errors_total', { layer: 'semantic', operation: 'search' })) >= 1);
    const [down] = sut.plugin.health();
    assert.equal(down?.up, false);
    assert.equal(down.initialised, true);
    assert.equal(down.readinessRequired, true);

    await peer.start();
    // health() asks the store again by itself (no request needed); a call made while a failed
    // connection attempt is still settling may fail once, so wait for it to report the store up.
    for (let i = 0; i < 100 && sut.plugin.health()[0]?.up !== true; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(sut.plugin.health()[0]?.up, true, 'up again without a request');
    const after = await sut.ask(PARAPHRASE);
    assert.equal(after.cache.status, 'hit', 'the same plugin looks up again, without a restart');
    assert.equal(sut.upstreamCalls(), 2);
  });

  it('unreachable at start, fail-open: a no-op cache that reports itself not initialised', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    sut = await semanticKernel({ store: { vectordbUrl: url } });
    const [health] = sut.plugin.health();
    assert.equal(health?.initialised, false);
    assert.equal(health.readinessRequired, true);
    assert.ok(health.reason !== undefined && health.reason.length > 0);
    await sut.ask(QUESTION);
    const second = await sut.ask(PARAPHRASE);
    assert.equal(second.response?.status, 200);
    assert.equal(second.cache.status, 'miss');
    assert.equal(sut.upstreamCalls(), 2);
    assert.equal(await sut.counter('gw_cache_errors_total', { layer: 'semantic' }), 0, 'a no-op does not try');
  });

  it('unreachable at start, fail-closed: the kernel refuses to start naming the vector database', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    await refusedStart({ failOpen: false, store: { vectordbUrl: url } }, /semantic-cache.*vectordb/);
  });

  it('unreachable at start behind the gateway: /startupz is 503 while requests are served', async () => {
    const upstream = await startFakeUpstream();
    const port = await freePort();
    const gw = await startGateway(
      baseConfig(
        upstream.baseUrl,
        `semantic_cache_enabled on;\nvectordb_url http://127.0.0.1:${port};\nexact_cache_enabled off;\n`,
      ),
    );
    try {
      const startup = await fetch(`${gw.url}/startupz`);
      assert.equal(startup.status, 503);
      assert.match(await startup.text(), /^not ready: vectordb not initialised/);
      const reply = await gw.client.chat.completions.create({
        model: 'test-model',
        messages: [{ role: 'user', content: QUESTION }],
      });
      assert.equal(reply.choices[0]?.message.content, `echo: ${QUESTION}`);
    } finally {
      await gw.close();
      await upstream.close();
    }
  });
});
