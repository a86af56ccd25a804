import assert from 'node:assert/strict';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { startFaultProxy } from '../../fixtures/fault-proxy.js';
import { ask, startWatchedGateway } from './fault-injection-gateway.js';
import { describeFaultRows } from './fault-injection-rows.js';

describe('fault injection: the upstream provider behind a fault proxy', () => {
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(() => upstream?.close());

  describeFaultRows('upstream', async (configuration) => {
    const proxy = await startFaultProxy('127.0.0.1', Number(new URL(upstream.url).port));
    const stream = configuration.stream === true;
    const gw = await startWatchedGateway(`
upstream_base_url ${proxy.url}/v1;
upstream_api_key dummy;
upstream_timeout_seconds 0.4;
model_price test-model 1.0 2.0;
log_level silent;
gw_enforcement_mode ${configuration.mode};
streaming_enabled ${stream ? 'on' : 'off'};
`);
    return {
      gw,
      proxy,
      async recovered(question, where) {
        assert.equal((await ask(gw, question, stream)).status, 200, `${where}: answered once the fault ended`);
      },
    };
  });
});
