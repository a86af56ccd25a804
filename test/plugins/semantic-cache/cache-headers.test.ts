import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Exchange, Kernel, type Mode } from '@sluice/core';
import { SemanticCachePlugin } from '@sluice/plugin-semantic-cache';
import { pino } from 'pino';
import { tapStubUpstream } from '../../fixtures/stub-upstream.js';

/** The semantic cache as the only cache layer: it reads and writes the cache headers itself. */
describe('semantic-cache: the cache headers without the exact cache', () => {
  let dir: string;
  let kernel: Kernel;
  let upstreamCalls: () => number;

  async function start(mode: Mode = 'enforce'): Promise<void> {
    kernel = new Kernel({ logger: pino({ level: 'silent' }), mode });
    kernel.use(new SemanticCachePlugin({ store: { dataDir: dir, autosaveSeconds: 0 } }));
    upstreamCalls = tapStubUpstream(kernel);
    await kernel.start();
  }

  async function ask(question: string, headers: Record<string, string> = {}): Promise<Exchange> {
    const request = { model: 'test-model', messages: [{ role: 'user' as const, content: question }] };
    const exchange = new Exchange({ request, mode: kernel.mode, headers });
    await kernel.run(exchange);
    return exchange;
  }

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-semantic-headers-'));
  });
  afterEach(async () => {
    await kernel.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('says miss, then hit-semantic with the similarity', async () => {
    await start();
    const first = await ask('How do I reset my password?');
    assert.equal(first.responseHeaders['x-sluice-cache'], 'miss');
    assert.equal(first.responseHeaders['x-sluice-similarity'], undefined);
    assert.equal(first.responseHeaders.age, undefined);
    const second = await ask('how do I reset my password');
    assert.equal(second.responseHeaders['x-sluice-cache'], 'hit-semantic');
    assert.match(second.responseHeaders['x-sluice-similarity'] ?? '', /^(0\.9[2-9]\d\d|1\.0000)$/);
    assert.equal(second.responseHeaders.age, '0');
  });

  it('skips lookup and store for x-sluice-cache-bypass and says bypass', async () => {
    await start();
    await ask('How do I reset my password?');
    for (const word of ['1', 'true', 'Yes', ' on ']) {
      const bypassed = await ask('how do I reset my password', { 'x-sluice-cache-bypass': word });
      assert.equal(bypassed.cache.status, 'bypass', word);
      assert.equal(bypassed.responseHeaders['x-sluice-cache'], 'bypass', word);
      assert.equal(bypassed.responseHeaders['x-sluice-similarity'], undefined, word);
    }
    assert.equal(upstreamCalls(), 5);
    assert.equal((await ask('how do I reset my password', { 'x-sluice-cache-bypass': '0' })).cache.status, 'hit');
  });

  it('in observe mode, says miss for a would-be hit: the upstream answered', async () => {
    await start('observe');
    await ask('How do I reset my password?');
    const second = await ask('how do I reset my password');
    assert.equal(second.cache.wouldHit, true);
    assert.equal(second.responseHeaders['x-sluice-cache'], 'miss');
    assert.equal(second.responseHeaders['x-sluice-similarity'], undefined);
    assert.equal(second.responseHeaders.age, undefined);
  });
});
