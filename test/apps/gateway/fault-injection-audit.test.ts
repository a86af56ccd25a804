import assert from 'node:assert/strict';
import { verifyAuditChain } from '@sluice/audit';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { blackhole, pass, startFaultProxy, type FaultProxy } from '../../fixtures/fault-proxy.js';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { startAuditPeer, type AuditPeer } from '../../plugins/audit-sink/audit-peer.js';
import { API_KEY } from '../../plugins/audit-sink/sink-under-test.js';
import { FAULT_NAMES, FAULTS, expectedName, rowsOf, type FaultCase } from './fault-injection-cases.js';
import {
  ask,
  assertEvidence,
  freshQuestion,
  startWatchedGateway,
  until,
  type WatchedGateway,
} from './fault-injection-gateway.js';
import { baseConfig } from './gateway-under-test.js';
import type { EvidenceEvent } from '@sluice/core';

/** Every string of a stored event, at any depth. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(stringsOf);
}

/** Requests sent while the module is faulted: their events queue up behind the first batch. */
const REQUESTS_DURING_FAULT = 3;

describe('fault injection: the audit module behind a fault proxy', () => {
  let upstream: FakeUpstream;
  let peer: AuditPeer;
  let proxy: FaultProxy;
  let gw: WatchedGateway | undefined;
  before(async () => {
    upstream = await startFakeUpstream();
    peer = await startAuditPeer();
    proxy = await startFaultProxy('127.0.0.1', Number(new URL(peer.url).port));
    // Short timeout and backoffs, and attempts enough to outlast any fault here: nothing may be dropped.
    gw = await startWatchedGateway(
      baseConfig(
        upstream.baseUrl,
        `audit_enabled on;
audit_url ${proxy.url};
audit_api_key ${API_KEY};
audit_flush_interval_ms 50;
audit_timeout_seconds 0.3;
audit_retry_max_attempts 1000;
audit_retry_initial_backoff_ms 20;
audit_retry_max_backoff_ms 200;
`,
      ),
    );
  });
  after(async () => {
    await gw?.close();
    await proxy?.close();
    await peer?.close();
    await upstream?.close();
  });

  /** Every event the gateway emitted is stored once, in the order it was emitted, and the chain verifies. */
  async function everyEventStored(where: string): Promise<void> {
    const emitted = () => gw!.events.map((e) => e.event_id);
    let stored: string[] = [];
    await until(async () => {
      stored = (await peer.events()).map((e) => e.event_id);
      return stored.length >= emitted().length;
    }, `${where}: the module holds every event`);
    assert.deepEqual(stored, emitted(), `${where}: each event stored once, in order`);
    const chain = verifyAuditChain(peer.dataDir);
    assert.deepEqual(
      { ok: chain.ok, events: chain.ok ? chain.events : -1 },
      { ok: true, events: stored.length },
      `${where}: the chain verifies`,
    );
  }

  async function checkAuditCase(row: FaultCase): Promise<void> {
    const where = `audit, ${row.fault}`;
    const retries = row.expected.metrics[0]!;
    const before = await gw!.metric(retries.name, retries.labels);
    await proxy.set(FAULTS[row.fault]);
    let traceId: string | null = null;
    try {
      for (let i = 0; i < REQUESTS_DURING_FAULT; i += 1) {
        const reply = await ask(gw!, freshQuestion(where));
        assert.equal(reply.status, row.expected.status, `${where}: the request is served`);
        assert.ok(reply.ms < 2_000, `${where}: delivery never holds a request (took ${Math.round(reply.ms)} ms)`);
        traceId = reply.traceId;
      }
      await until(
        async () => (await gw!.metric(retries.name)) >= before + retries.by,
        `${where}: a failed attempt retried`,
        5_000,
      );
      assert.equal(await gw!.readyz(), 200, `${where}: the audit module is no readiness dependency`);
    } finally {
      await proxy.set(pass);
    }
    await everyEventStored(where);
    assert.equal(await gw!.metric('gw_audit_events_dropped_total'), 0, `${where}: nothing dropped`);
    const trace = (await peer.events()).filter((e) => e.trace_id === traceId) as unknown as EvidenceEvent[];
    assertEvidence(trace, row.expected.evidence, `${where}: the module's copy of the trace`);
  }

  it('delivers the events of a request before any fault (the set-up is sound)', async () => {
    assert.equal((await ask(gw!, freshQuestion('audit, before'))).status, 200);
    await everyEventStored('audit, before any fault');
  });

  it('shuts down within its flush bound while the module is blackholed, counting what it could not deliver', async () => {
    const silent = await startFaultProxy('127.0.0.1', Number(new URL(peer.url).port));
    const local = await startWatchedGateway(
      baseConfig(
        upstream.baseUrl,
        `audit_enabled on;\naudit_url ${silent.url};\naudit_api_key ${API_KEY};\naudit_flush_interval_ms 50;\naudit_flush_timeout_seconds 1;\n`,
      ),
    );
    try {
      await silent.set(blackhole);
      assert.equal((await ask(local, freshQuestion('audit, shutdown'))).status, 200);
      const emitted = local.events.length;
      const closed = await Promise.race([
        local.close().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 5_000).unref()),
      ]);
      assert.ok(closed, 'the gateway was still closing after 5 s');
      // Nothing was acknowledged, so nothing acknowledged is lost: every event is counted as dropped at shutdown.
      const exposition = await local.gateway.metrics.exposition();
      const dropped = sampleValue(parsePrometheusText(exposition.body), 'gw_audit_events_dropped_total', { reason: 'shutdown' });
      assert.equal(dropped, emitted);
    } finally {
      await silent.close();
    }
  });

  it('delivers every event of requests whose model, user, tenant and headers are oversized or full of control characters', async () => {
    // An application that takes the tenant from a header, as an embedding one may.
    gw!.gateway.runtime.kernel.hooks.preGuard.tapPromise('tenant-from-header', async (exchange) => {
      const tenant = exchange.headers['x-tenant-id'];
      if (tenant !== undefined) exchange.tenant = tenant;
      return undefined;
    });
    const hostile = ['m'.repeat(300), `test-model\u0000\u001b[31m\u202e${'x'.repeat(2000)}`, '\ud800\n\r\t', 'test-model'];
    const statuses: number[] = [];
    for (const [i, model] of hostile.entries()) {
      const response = await fetch(`${gw!.url}/v1/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-tenant-id': `tenant-${i}-${'t'.repeat(400)}\u0085`,
          'x-request-id': 'r'.repeat(4000),
          'x-sluice-cache-bypass': '1',
        },
        body: JSON.stringify({
          model,
          user: `u\u0007${'s'.repeat(1000)}`,
          messages: [{ role: 'user', content: freshQuestion('hostile') }],
        }),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    assert.deepEqual(statuses.slice(0, 3), [400, 400, 400], 'an unknown model is refused');
    assert.equal(statuses[3], 200);
    await everyEventStored('hostile values');
    assert.equal(await gw!.metric('gw_audit_events_dropped_total'), 0, 'hostile values: nothing dropped');
    const stored = await peer.events();
    assert.ok(
      stored.some((e) => e.event_type === 'request.failed'),
      'the refused requests are evidenced',
    );
    const strings = stored.flatMap((event) => stringsOf(event));
    assert.ok(
      // eslint-disable-next-line no-control-regex -- the characters the check looks for
      strings.every((text) => !/[\u0000-\u001f\u007f-\u009f\u202e]/.test(text)),
      'no control character stored',
    );
    assert.ok(
      strings.every((text) => text.length <= 1024),
      'every stored string within the schema',
    );
    assert.ok(
      stored.some((e) => (e as { upstream?: { model?: string } }).upstream?.model?.length === 256),
      'the long model, cut',
    );
  });

  for (const fault of FAULT_NAMES) {
    for (const row of rowsOf('audit', fault)) {
      it(`${row.fault}: ${expectedName(row.expected)}, retried, every event stored once after it`, () => checkAuditCase(row));
    }
  }
});
