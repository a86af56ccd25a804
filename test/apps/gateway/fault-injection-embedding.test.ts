import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { startFaultProxy } from '../../fixtures/fault-proxy.js';
import { configurationName } from './fault-injection-cases.js';
import { ask, startWatchedGateway } from './fault-injection-gateway.js';
import { describeFaultRows } from './fault-injection-rows.js';
import { baseConfig } from './gateway-under-test.js';

describe('fault injection: the embedding endpoint behind a fault proxy', () => {
  let upstream: FakeUpstream;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-fault-embedding-'));
    upstream = await startFakeUpstream();
  });
  after(async () => {
    await upstream?.close();
    await rm(dir, { recursive: true, force: true });
  });

  // Chat goes straight to the fake provider; only its embeddings go through the proxy. The exact cache is
  // off so that a repeat can only be a semantic hit.
  describeFaultRows('embedding', async (configuration) => {
    const proxy = await startFaultProxy('127.0.0.1', Number(new URL(upstream.url).port));
    const gw = await startWatchedGateway(
      baseConfig(
        upstream.baseUrl,
        `exact_cache_enabled off;
semantic_cache_enabled on;
semantic_cache_data_dir ${path.join(dir, configurationName(configuration).replace(/\W+/g, '-'))};
semantic_cache_autosave_seconds 0;
semantic_fail_open ${configuration.failOpen === true ? 'on' : 'off'};
embedding_provider openai_compatible;
embedding_base_url ${proxy.url}/v1;
embedding_model text-embedding-test;
embedding_timeout_seconds 0.4;
vectordb_vector_size 8;
gw_enforcement_mode ${configuration.mode};
`,
      ),
    );
    return {
      gw,
      proxy,
      async recovered(question, where) {
        assert.equal((await ask(gw, question)).status, 200, `${where}: answered once the fault ended`);
        // Embedding again: the repeat is found in the store (served in enforce, a would-hit in observe).
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
