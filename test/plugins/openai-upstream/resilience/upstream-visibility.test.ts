import assert from 'node:assert/strict';
import type { FakeUpstream } from '../../../fixtures/fake-upstream.js';
import { readinessDetail } from '../../../../apps/gateway/src/probes.js';
import { chatCalls, fakeUpstreams, gatewayWithUpstreams, upstreamBlocks } from './upstreams-under-test.js';

interface VersionBody {
  upstreams: { name: string; base_url: string; weight: number; priority: number; models: string[]; breaker: string }[];
}

describe('openai-upstream: upstreams in /version, /readyz detail and the dashboard', function () {
  this.timeout(20_000);
  let primary: FakeUpstream;
  let backup: FakeUpstream;
  let gw: Awaited<ReturnType<typeof gatewayWithUpstreams>>;
  before(async () => {
    [primary, backup] = (await fakeUpstreams(2)) as [FakeUpstream, FakeUpstream];
    const withCredentials = backup.baseUrl.replace('http://', 'http://user:hunter2@');
    gw = await gatewayWithUpstreams(
      upstreamBlocks({ primary: primary.baseUrl, backup: withCredentials }, { primary: 'api_key sk-never-shown; weight 2;' }),
      'upstream_retries 0;\nupstream_breaker_failures 1;\nupstream_breaker_open_seconds 60;\ndashboard_enabled on;',
    );
  });
  after(async () => {
    await gw?.close();
    await primary?.close();
    await backup?.close();
  });

  it('lists each upstream with its masked URL and breaker state, and an open breaker shows', async () => {
    const before = (await (await fetch(`${gw.url}/version`)).json()) as VersionBody;
    assert.deepEqual(
      before.upstreams.map((u) => [u.name, u.weight, u.priority, u.models, u.breaker]),
      [
        ['primary', 2, 1, ['*'], 'closed'],
        ['backup', 1, 2, ['*'], 'closed'],
      ],
    );
    const text = JSON.stringify(before);
    assert.ok(!text.includes('hunter2') && !text.includes('sk-never-shown'), text);

    primary.behave({ kind: 'status', status: 502, body: 'bad gateway' });
    await gw.client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(chatCalls(backup), 1);
    const after = (await (await fetch(`${gw.url}/version`)).json()) as VersionBody;
    assert.deepEqual(
      after.upstreams.map((u) => [u.name, u.breaker]),
      [
        ['primary', 'open'],
        ['backup', 'closed'],
      ],
    );

    // An open breaker is reported, and the gateway stays ready: the next upstream serves.
    const ready = await fetch(`${gw.url}/readyz`);
    assert.equal(ready.status, 200);
    const detail = readinessDetail(gw.gateway.runtime.kernel, false).split('\n');
    const verbose = await fetch(`${gw.url}/readyz?verbose`);
    assert.equal(verbose.status, 200);
    assert.deepEqual((await verbose.text()).trimEnd().split('\n'), detail);
    assert.ok(detail.includes('[-] upstream primary (not required): circuit breaker open'), detail.join('\n'));
    assert.ok(detail.includes('[+] upstream backup (not required): ok'), detail.join('\n'));
    assert.equal(detail.at(-1), 'ready');

    const figures = (await (await fetch(`${gw.url}/dashboard/figures`)).json()) as {
      upstreams: { calls: Record<string, number>; failures: Record<string, number>; breakers: Record<string, number> };
    };
    assert.deepEqual(figures.upstreams, { calls: { primary: 1, backup: 1 }, failures: { primary: 1 }, breakers: { primary: 1 } });
    const page = await (await fetch(`${gw.url}/dashboard`)).text();
    assert.match(page, /data-breakdown="upstreams.breakers"/);
  });
});
