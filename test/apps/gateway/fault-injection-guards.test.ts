import assert from 'node:assert/strict';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { startFaultProxy } from '../../fixtures/fault-proxy.js';
import { ask, startWatchedGateway } from './fault-injection-gateway.js';
import { describeFaultRows } from './fault-injection-rows.js';
import { baseConfig } from './gateway-under-test.js';
import { guardLines, startGuardModule, type GuardModule } from './guards-under-test.js';

for (const kind of ['security', 'privacy', 'usage'] as const) {
  describe(`fault injection: the ${kind} guard module behind a fault proxy`, () => {
    let upstream: FakeUpstream;
    let module: GuardModule;
    before(async () => {
      upstream = await startFakeUpstream();
      module = await startGuardModule(kind);
    });
    after(async () => {
      await module?.close();
      await upstream?.close();
    });

    describeFaultRows(`${kind}_guard`, async (configuration) => {
      const proxy = await startFaultProxy('127.0.0.1', Number(new URL(module.url).port));
      const gw = await startWatchedGateway(
        baseConfig(
          upstream.baseUrl,
          `${guardLines(kind, proxy.url, module.apiKey)}${kind}_guard_timeout_seconds 0.4;
guard_fail_open ${configuration.failOpen === true ? 'on' : 'off'};
gw_enforcement_mode ${configuration.mode};
`,
        ),
      );
      return {
        gw,
        proxy,
        async recovered(question, where) {
          const allowed = () => gw.metric('gw_guard_requests_total', { guard: kind, stage: 'request', outcome: 'allowed' });
          const seen = await allowed();
          assert.equal((await ask(gw, question)).status, 200, `${where}: answered once the fault ended`);
          assert.equal(await allowed(), seen + 1, `${where}: the module decided again`);
        },
      };
    });
  });
}
