import assert from 'node:assert/strict';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { freePort } from '../../fixtures/free-port.js';
import {
  ask,
  failureOf,
  guardCount,
  guardLines,
  newKey,
  startGuardedGateway,
  startGuardModule,
  type GuardKind,
  type GuardModule,
} from './guards-under-test.js';
import { startModuleProxy, type ModuleProxy } from '../../fixtures/module-proxy.js';

type FailureKind = 'down' | 'slow' | 'garbage' | 'wrong key';
/** What the client gets: an error status and code, or `through` (the request goes on to the upstream). */
type Expected = readonly [status: number, code: string] | 'through';

/**
 * CONTRACTS.md, "Guard modules": with guard_fail_open off, down is unavailable (502), slow is a timeout
 * (504), garbage a contract violation (422); a module refusing the key (401) is a block for the security
 * guard and an outage for the others. Fail-open lets outages through, never a violation or a block.
 */
const CONTRACT: Record<GuardKind, Record<FailureKind, { closed: Expected; open: Expected }>> = {
  security: {
    down: { closed: [502, 'security_guard_unavailable'], open: 'through' },
    slow: { closed: [504, 'security_guard_timeout'], open: 'through' },
    garbage: { closed: [422, 'guard_contract_violation'], open: [422, 'guard_contract_violation'] },
    'wrong key': { closed: [403, 'security_request_blocked'], open: [403, 'security_request_blocked'] },
  },
  privacy: {
    down: { closed: [502, 'privacy_guard_unavailable'], open: 'through' },
    slow: { closed: [504, 'privacy_guard_timeout'], open: 'through' },
    garbage: { closed: [422, 'guard_contract_violation'], open: [422, 'guard_contract_violation'] },
    'wrong key': { closed: [502, 'privacy_guard_unavailable'], open: 'through' },
  },
  usage: {
    down: { closed: [502, 'usage_guard_unavailable'], open: 'through' },
    slow: { closed: [504, 'usage_guard_timeout'], open: 'through' },
    garbage: { closed: [422, 'guard_contract_violation'], open: [422, 'guard_contract_violation'] },
    'wrong key': { closed: [502, 'usage_guard_unavailable'], open: 'through' },
  },
};

const QUESTION = 'Which rivers flow into the Danube?';

describe('gateway ↔ guard modules that fail: down, slow, garbage, wrong key, with guard_fail_open off and on', () => {
  let upstream: FakeUpstream;
  const modules = new Map<GuardKind, { module: GuardModule; proxy: ModuleProxy }>();
  before(async () => {
    upstream = await startFakeUpstream();
    for (const kind of ['security', 'privacy', 'usage'] as const) {
      const module = await startGuardModule(kind);
      modules.set(kind, { module, proxy: await startModuleProxy(module.url) });
    }
  });
  after(async () => {
    for (const { module, proxy } of modules.values()) {
      await proxy.close();
      await module.close();
    }
    await upstream?.close();
  });

  /** Where the gateway is sent and with which key, for one kind of failure of a real module. */
  async function target(kind: GuardKind, failure: FailureKind): Promise<{ url: string; key: string }> {
    const { module, proxy } = modules.get(kind)!;
    proxy.route(() => ({ kind: 'forward', to: module.url }));
    switch (failure) {
      case 'down':
        return { url: `http://127.0.0.1:${await freePort()}`, key: module.apiKey };
      case 'slow':
        proxy.route(() => ({ kind: 'stall' }));
        return { url: proxy.url, key: module.apiKey };
      case 'garbage':
        proxy.route(() => ({ kind: 'garbage' }));
        return { url: proxy.url, key: module.apiKey };
      case 'wrong key':
        return { url: module.url, key: newKey() };
    }
  }

  for (const kind of ['security', 'privacy', 'usage'] as const) {
    for (const failure of ['down', 'slow', 'garbage', 'wrong key'] as const) {
      it(`${kind} guard ${failure}: ${shown(CONTRACT[kind][failure].closed)} closed, ${shown(CONTRACT[kind][failure].open)} open`, async () => {
        const { url, key } = await target(kind, failure);
        for (const failOpen of [false, true]) {
          const expected = CONTRACT[kind][failure][failOpen ? 'open' : 'closed'];
          const lines = `${guardLines(kind, url, key)}${kind}_guard_timeout_seconds 0.3;\nguard_fail_open ${failOpen ? 'on' : 'off'};\n`;
          const gw = await startGuardedGateway(upstream, lines);
          const where = `${kind} ${failure}, guard_fail_open ${failOpen ? 'on' : 'off'}`;
          try {
            upstream.reset();
            let traceId: string | null;
            if (expected === 'through') {
              const { data, response } = await ask(gw, QUESTION);
              assert.equal(data.choices[0]?.message.content, `echo: ${QUESTION}`, where);
              assert.equal(upstream.calls.length, 1, where);
              traceId = response.headers.get('x-sluice-trace-id');
            } else {
              const got = await failureOf(ask(gw, QUESTION));
              assert.deepEqual([got.status, got.code], expected, where);
              assert.equal(upstream.calls.length, 0, `${where}: nothing reached the upstream`);
              assert.equal(await gw.metric('gw_errors_total', { class: expected[1] }), 1, where);
              traceId = got.traceId;
            }
            const outcome = expected === 'through' ? 'failed_open' : expected[0] === 403 ? 'blocked' : 'failed_closed';
            assert.equal(await guardCount(gw, kind, 'request', outcome), 1, `${where}: counted ${outcome}`);
            const decision = gw.eventsOf(traceId).find((e) => e.source === `${kind}_guard`)?.decision;
            const action = expected === 'through' ? 'fail_open' : expected[0] === 403 ? 'block' : 'fail_closed';
            assert.equal(decision?.action, action, `${where}: evidenced as ${action}`);
            if (kind === 'security' && expected === 'through') {
              assert.equal(await guardCount(gw, kind, 'response', 'failed_open'), 1, `${where}: the answer's scan too`);
            }
          } finally {
            await gw.close();
          }
        }
      });
    }
  }

  it('passes through each module once the failure is gone (the set-up itself is sound)', async () => {
    for (const { module, proxy } of modules.values()) proxy.route(() => ({ kind: 'forward', to: module.url }));
    const lines = [...modules.entries()].map(([kind, { proxy, module }]) => guardLines(kind, proxy.url, module.apiKey)).join('');
    const gw = await startGuardedGateway(upstream, lines);
    try {
      const { data } = await ask(gw, QUESTION);
      assert.equal(data.choices[0]?.message.content, `echo: ${QUESTION}`);
      for (const kind of modules.keys()) assert.equal(await guardCount(gw, kind, 'request', 'allowed'), 1, kind);
    } finally {
      await gw.close();
    }
  });
});

function shown(expected: Expected): string {
  return expected === 'through' ? 'goes through' : `${expected[0]} ${expected[1]}`;
}
