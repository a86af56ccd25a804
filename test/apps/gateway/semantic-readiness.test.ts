import assert from 'node:assert/strict';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { QdrantPeer } from '../../fixtures/qdrant-peer.js';
import { baseConfig, startGateway, type GatewayUnderTest } from './gateway-under-test.js';

/** /readyz until it answers `status`, at most `tries` times; the last status seen. */
async function readyzUntil(url: string, status: number, tries = 50): Promise<number> {
  let seen = 0;
  for (let i = 0; i < tries; i++) {
    seen = (await fetch(`${url}/readyz`)).status;
    if (seen === status) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return seen;
}

describe('gateway: readiness follows the Qdrant semantic store in enforce mode', () => {
  let upstream: FakeUpstream;
  let peer: QdrantPeer;
  let gw: GatewayUnderTest;
  beforeEach(async () => {
    upstream = await startFakeUpstream();
    peer = await QdrantPeer.start();
    gw = await startGateway(baseConfig(upstream.baseUrl, `semantic_cache_enabled on;\nvectordb_url ${peer.url};\n`));
  });
  afterEach(async () => {
    await gw?.close();
    await peer?.close();
    await upstream?.close();
  });

  const ask = (content: string) =>
    gw.client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content }] });

  it('is unready while Qdrant is down and ready again once it is back, with no traffic in between', async () => {
    await ask('How do I reset my password?');
    assert.equal((await fetch(`${gw.url}/readyz`)).status, 200);
    await peer.stop();
    await ask('how do I reset my password');
    const down = await fetch(`${gw.url}/readyz`);
    assert.equal(down.status, 503);
    assert.match(await down.text(), /^not ready: vectordb down/);

    // A load balancer sends nothing to an unready instance: recovery must not wait for a request.
    await peer.start();
    assert.equal(await readyzUntil(gw.url, 200), 200);
  });

  it('stays unready while Qdrant stays down, however often it is asked', async () => {
    await peer.stop();
    await ask('How do I reset my password?');
    assert.equal(await readyzUntil(gw.url, 200, 5), 503);
  });
});
