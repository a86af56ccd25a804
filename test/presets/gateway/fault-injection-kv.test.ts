import assert from 'node:assert/strict';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { startFaultProxy, type FaultProxy } from '../../fixtures/fault-proxy.js';
import { describeRedis } from '../../fixtures/redis.js';
import { casesOf, configurationName, configurationsOf, type Configuration } from './fault-injection-cases.js';
import { ask, checkFaultCase, freshQuestion, startWatchedGateway, until, type FaultTarget } from './fault-injection-gateway.js';
import { baseConfig } from './gateway-under-test.js';

const KV_TIMEOUT_MS = 300;

describeRedis('fault injection: the exact cache’s Redis behind a fault proxy', (redis) => {
  let upstream: FakeUpstream;
  let proxy: FaultProxy;
  before(async () => {
    upstream = await startFakeUpstream();
    proxy = await startFaultProxy('127.0.0.1', redis().port);
  });
  after(async () => {
    await proxy?.close();
    await upstream?.close();
  });

  const config = (configuration: Configuration) =>
    baseConfig(
      upstream.baseUrl,
      `kv_url redis://127.0.0.1:${proxy.port};
kv_key_prefix ${redis().prefix}${configuration.mode};
kv_timeout_seconds ${KV_TIMEOUT_MS / 1000};
gw_enforcement_mode ${configuration.mode};
`,
    );

  for (const configuration of configurationsOf('kv')) {
    describe(configurationName(configuration), () => {
      let target: FaultTarget | undefined;
      before(async () => {
        const gw = await startWatchedGateway(config(configuration));
        target = {
          gw,
          proxy,
          async duringFault(row, where) {
            // Down means down: once an operation went unanswered, the next request does not wait for the store.
            const next = await ask(gw, freshQuestion(where));
            assert.equal(next.status, 200, `${where}: the next request is served`);
            assert.ok(next.ms < 2 * KV_TIMEOUT_MS, `${where}: the next request took ${Math.round(next.ms)} ms`);
          },
          async recovered(question, where) {
            const first = await ask(gw, question);
            assert.equal(first.status, 200, `${where}: answered once the fault ended`);
            if (configuration.mode === 'enforce') {
              // Ready again means the store answers: the repeat is served from it.
              const repeat = await ask(gw, question);
              assert.equal(repeat.cache, 'hit-exact', `${where}: the repeat is an exact hit`);
              return;
            }
            // Observe mode is always ready; evaluation resumes with the requests once the store is back.
            const wouldHits = () => gw.metric('gw_evaluation_cache_outcomes_total', { layer: 'exact', outcome: 'would_hit' });
            const seen = await wouldHits();
            await until(async () => (await ask(gw, question), (await wouldHits()) > seen), `${where}: a repeat would hit again`);
          },
        };
      });
      after(() => target?.gw.close());

      for (const row of casesOf('kv', configuration)) {
        it(`${row.fault}: ${row.expected.status}, counted, ${row.expected.ready ? 'ready' : 'unready'}`, () =>
          checkFaultCase(target!, row));
      }
    });
  }
});
