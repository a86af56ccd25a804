import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { baseConfig, startGateway, type GatewayUnderTest } from '../../apps/gateway/gateway-under-test.js';
import { verifyAuditChain } from '@sluice/audit';
import { startAuditPeer, type AuditPeer } from './audit-peer.js';
import { API_KEY } from './sink-under-test.js';

describe('audit sink in the gateway: a request’s evidence reaches the audit module', () => {
  let upstream: FakeUpstream;
  let peer: AuditPeer;
  let gw: GatewayUnderTest | undefined;
  before(async () => {
    upstream = await startFakeUpstream();
    peer = await startAuditPeer();
  });
  after(async () => {
    await gw?.close();
    await peer.close();
    await upstream.close();
  });

  it('stores request.received and request.completed of the trace by shutdown, and exposes metrics the reference lists', async () => {
    const audit = `audit_enabled on;\naudit_url ${peer.url};\naudit_api_key ${API_KEY};\naudit_flush_interval_ms 600000;\n`;
    gw = await startGateway(baseConfig(upstream.baseUrl, audit));
    const { response } = await gw.client.chat.completions
      .create({ model: 'test-model', messages: [{ role: 'user', content: 'hello audit' }] })
      .withResponse();
    const traceId = response.headers.get('x-sluice-trace-id');
    assert.ok(traceId);
    const exposed = [...(await gw.metricsText()).matchAll(/^# TYPE (gw_audit_\w+)/gm)].map((m) => m[1] ?? '');
    assert.ok(exposed.length >= 4, 'the audit metrics are exposed');
    const reference = await readFile(new URL('../../../docs/reference/metrics.md', import.meta.url), 'utf8');
    for (const name of exposed) assert.ok(reference.includes(`\`${name}\``), `${name} is listed in metrics.md`);

    // The interval is far beyond the test: only the shutdown flush can deliver these.
    await gw.close();
    gw = undefined;
    const kinds = (await peer.events()).filter((e) => e.trace_id === traceId).map((e) => e.event_type);
    assert.equal(kinds[0], 'request.received');
    assert.equal(kinds.at(-1), 'request.completed');
    const stored = JSON.stringify(await peer.events());
    assert.ok(!stored.includes('hello audit'), 'no prompt text in evidence');
    const chain = verifyAuditChain(peer.dataDir);
    assert.equal(chain.ok, true, 'the audit chain of what the gateway delivered verifies');
  });
});
