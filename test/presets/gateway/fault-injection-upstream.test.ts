import assert from 'node:assert/strict';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { startFaultProxy, type FaultProxy } from '../../fixtures/fault-proxy.js';
import { casesOf, configurationName, configurationsOf, type Configuration } from './fault-injection-cases.js';
import { ask, checkFaultCase, startWatchedGateway, type FaultTarget } from './fault-injection-gateway.js';

describe('fault injection: the upstream provider behind a fault proxy', () => {
  let upstream: FakeUpstream;
  let proxy: FaultProxy;
  before(async () => {
    upstream = await startFakeUpstream();
    proxy = await startFaultProxy('127.0.0.1', Number(new URL(upstream.url).port));
  });
  after(async () => {
    await proxy?.close();
    await upstream?.close();
  });

  const config = (configuration: Configuration) => `
upstream_base_url ${proxy.url}/v1;
upstream_api_key dummy;
upstream_timeout_seconds 0.4;
model_price test-model 1.0 2.0;
log_level silent;
gw_enforcement_mode ${configuration.mode};
`;

  for (const configuration of configurationsOf('upstream')) {
    describe(configurationName(configuration), () => {
      let target: FaultTarget | undefined;
      before(async () => {
        const gw = await startWatchedGateway(config(configuration));
        target = {
          gw,
          proxy,
          async recovered(question, where) {
            const reply = await ask(gw, question);
            assert.equal(reply.status, 200, `${where}: answered once the fault ended`);
          },
        };
      });
      after(() => target?.gw.close());

      for (const row of casesOf('upstream', configuration)) {
        it(`${row.fault}: ${row.expected.status} ${row.expected.code ?? ''}`, () => checkFaultCase(target!, row));
      }
    });
  }
});
