import assert from 'node:assert/strict';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { startFaultProxy } from '../../fixtures/fault-proxy.js';
import { QdrantPeer } from '../../fixtures/qdrant-peer.js';
import { configurationName } from './fault-injection-cases.js';
import { ask, startWatchedGateway, until } from './fault-injection-gateway.js';
import { describeFaultRows } from './fault-injection-rows.js';
import { baseConfig } from './gateway-under-test.js';

describe('fault injection: the Qdrant vector store behind a fault proxy', () => {
  let upstream: FakeUpstream;
  let peer: QdrantPeer;
  before(async () => {
    upstream = await startFakeUpstream();
    peer = await QdrantPeer.start();
  });
  after(async () => {
    await peer?.close();
    await upstream?.close();
  });

  // The local embedder, so only the store is faulted; the exact cache is off so a repeat can only be a
  // semantic hit. Each configuration has a collection of its own on the one peer. The peer runs in this
  // process and a lookup and a store are four gRPC calls, so the timeout leaves room for a loaded machine.
  describeFaultRows('vectordb', async (configuration) => {
    const proxy = await startFaultProxy('127.0.0.1', peer.port);
    const gw = await startWatchedGateway(
      baseConfig(
        upstream.baseUrl,
        `exact_cache_enabled off;
semantic_cache_enabled on;
semantic_fail_open ${configuration.failOpen === true ? 'on' : 'off'};
vectordb_url ${proxy.url};
vectordb_collection fault_injection_${configurationName(configuration).replace(/\W+/g, '_')};
vectordb_timeout_seconds 1;
gw_enforcement_mode ${configuration.mode};
`,
      ),
    );
    return {
      gw,
      proxy,
      async recovered(question, where) {
        // A gRPC connection left silent by a blackhole may fail one more call before the client reconnects.
        await until(async () => (await ask(gw, question)).status === 200, `${where}: answered once the fault ended`, 10_000);
        // Stored and searched again: the repeat is found (served in enforce, a would-hit in observe).
        const wouldHits = () => gw.metric('gw_evaluation_cache_outcomes_total', { layer: 'semantic', outcome: 'would_hit' });
        const seen = await wouldHits();
        const repeat = await ask(gw, question);
        if (configuration.mode === 'enforce')
          assert.equal(repeat.cache, 'hit-semantic', `${where}: the repeat is a semantic hit`);
        else assert.equal(await wouldHits(), seen + 1, `${where}: the repeat would have hit`);
      },
    };
  });
});
