import assert from 'node:assert/strict';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { startFaultProxy } from '../../fixtures/fault-proxy.js';
import { describeRedis } from '../../fixtures/redis.js';
import { ask, freshQuestion, startWatchedGateway, until } from './fault-injection-gateway.js';
import { describeFaultRows } from './fault-injection-rows.js';
import { baseConfig } from './gateway-under-test.js';

const KV_TIMEOUT_MS = 300;

describeRedis('fault injection: the exact cache’s Redis behind a fault proxy', (redis) => {
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(() => upstream?.close());

  describeFaultRows('kv', async (configuration) => {
    const proxy = await startFaultProxy('127.0.0.1', redis().port);
    const gw = await startWatchedGateway(
      baseConfig(
        upstream.baseUrl,
        `kv_url redis://127.0.0.1:${proxy.port};
kv_key_prefix ${redis().prefix}${configuration.mode};
kv_timeout_seconds ${KV_TIMEOUT_MS / 1000};
gw_enforcement_mode ${configuration.mode};
`,
      ),
    );
    return {
      gw,
      proxy,
      async duringFault(row, where) {
        // Down means down: once an operation went unanswered, the next request does not wait for the store.
        const next = await ask(gw, freshQuestion(where));
        assert.equal(next.status, 200, `${where}: the next request is served`);
        assert.ok(next.ms < 2 * KV_TIMEOUT_MS, `${where}: the next request took ${Math.round(next.ms)} ms`);
      },
      async recovered(question, where) {
        assert.equal((await ask(gw, question)).status, 200, `${where}: answered once the fault ended`);
        if (configuration.mode === 'enforce') {
          // Ready again means the store answers: the repeat is served from it.
          assert.equal((await ask(gw, question)).cache, 'hit-exact', `${where}: the repeat is an exact hit`);
          return;
        }
        // Observe mode is always ready; evaluation resumes with the requests once the store is back.
        const wouldHits = () => gw.metric('gw_evaluation_cache_outcomes_total', { layer: 'exact', outcome: 'would_hit' });
        const seen = await wouldHits();
        await until(async () => (await ask(gw, question), (await wouldHits()) > seen), `${where}: a repeat would hit again`);
      },
    };
  });
});
