import assert from 'node:assert/strict';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import {
  ask,
  askStreamed,
  failureOf,
  guardCount,
  guardLines,
  startGuardedGateway,
  startGuardModule,
  type GuardedGateway,
  type GuardModule,
} from './guards-under-test.js';
import { startModuleProxy, type ModuleProxy, type ProxyRoute } from '../../fixtures/module-proxy.js';

const ADDRESS = 'ines.duarte@example.org';

describe('gateway ↔ privacy guard module: a failed restore fails the request, even with guard_fail_open on', () => {
  let upstream: FakeUpstream;
  let privacy: GuardModule;
  /** A second module with its own in-memory mappings: it knows none of the first one's. */
  let stranger: GuardModule;
  let proxy: ModuleProxy;
  let gw: GuardedGateway;
  before(async () => {
    upstream = await startFakeUpstream();
    privacy = await startGuardModule('privacy');
    stranger = await startGuardModule('privacy');
    proxy = await startModuleProxy(privacy.url);
    const lines = `${guardLines('privacy', proxy.url, privacy.apiKey)}privacy_guard_timeout_seconds 0.3;
guard_fail_open on;
streaming_enabled on;
`;
    gw = await startGuardedGateway(upstream, lines);
  });
  beforeEach(() => upstream.reset());
  after(async () => {
    await gw?.close();
    await proxy?.close();
    await stranger?.close();
    await privacy?.close();
    await upstream?.close();
  });

  /** Scans go to the real module; restores as `restore` says. */
  const restoreBy = (restore: ProxyRoute) =>
    proxy.route((path) => (path === '/v1/restore' ? restore : { kind: 'forward', to: privacy.url }));

  const cases: [name: string, route: () => ProxyRoute][] = [
    // Two modules without a shared mapping store behind one address: the restore finds no mapping.
    ['the mapping is unknown to the module that restores', () => ({ kind: 'forward', to: stranger.url })],
    ['the restore stalls past privacy_guard_timeout_seconds', () => ({ kind: 'stall' })],
    ['the restore answers garbage', () => ({ kind: 'garbage' })],
  ];
  for (const [i, [name, route]] of cases.entries()) {
    it(`502 privacy_restore_failed when ${name}, streamed and not, with no placeholder handed back`, async () => {
      restoreBy(route());
      const before = await guardCount(gw, 'privacy', 'restore', 'failed_closed');
      for (const [n, call] of [
        [1, () => ask(gw, `Send contract ${i} to ${ADDRESS} today.`)],
        [2, () => askStreamed(gw, `Send invoice ${i} to ${ADDRESS} today.`)],
      ] as const) {
        const failure = await failureOf(call());
        assert.deepEqual([failure.status, failure.code], [502, 'privacy_restore_failed'], `request ${n}`);
        const restore = gw.eventsOf(failure.traceId).find((e) => e.event_type === 'privacy.restore');
        assert.deepEqual([restore?.outcome, restore?.decision?.action], ['failed', 'fail_closed']);
      }
      assert.equal(upstream.calls.length, 2, 'both answers came back with placeholders');
      assert.ok(JSON.stringify(upstream.calls.map((c) => c.body)).includes('[EMAIL_1]'));
      assert.equal(await guardCount(gw, 'privacy', 'restore', 'failed_closed'), before + 2);
      assert.equal(await guardCount(gw, 'privacy', 'request', 'failed_open'), 0, 'the scans themselves succeeded');
    });
  }

  it('raw 502 body holds no placeholder and no address', async () => {
    restoreBy({ kind: 'forward', to: stranger.url });
    const response = await fetch(`${gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: `Call ${ADDRESS}` }], stream: true }),
    });
    const text = await response.text();
    assert.equal(response.status, 502);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.ok(!text.includes('EMAIL') && !text.includes(ADDRESS) && !text.includes('data:'), text);
  });

  it('restores once the module that scanned also restores (the set-up itself is sound)', async () => {
    restoreBy({ kind: 'forward', to: privacy.url });
    const { data } = await ask(gw, `Send the contract to ${ADDRESS} today.`);
    assert.equal(data.choices[0]?.message.content, `echo: Send the contract to ${ADDRESS} today.`);
  });
});
