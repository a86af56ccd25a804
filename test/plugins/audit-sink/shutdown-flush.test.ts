import assert from 'node:assert/strict';
import { startAuditPeer, until, type AuditPeer } from './audit-peer.js';
import { sinkKernel } from './sink-under-test.js';

describe('audit sink ↔ audit module: stop flushes the queue within its deadline', () => {
  let peer: AuditPeer;
  beforeEach(async () => {
    peer = await startAuditPeer();
  });
  afterEach(async () => {
    await peer.close();
  });

  it('delivers everything still queued before stop resolves', async () => {
    // An interval far beyond the test: only the stop can be what sends these.
    const sink = sinkKernel({ url: peer.url, batchSize: 8, flushIntervalMs: 600_000 });
    await sink.kernel.start();
    const events = sink.emit(20);
    await sink.kernel.stop();
    assert.deepEqual(
      (await peer.events()).map((e) => e.event_id),
      events.map((e) => e.event_id),
    );
    assert.equal(await sink.counter('gw_audit_events_dropped_total'), 0);
  });

  it('gives up at the deadline while the module is down and counts the rest as shutdown', async () => {
    await peer.down();
    const sink = sinkKernel({ url: peer.url, batchSize: 4, retryMaxAttempts: 1_000_000, flushTimeoutSeconds: 0.2 });
    await sink.kernel.start();
    sink.emit(10);
    await until(async () => ((await sink.counter('gw_audit_retries_total')) ?? 0) >= 1, 'a first failed attempt');
    await sink.kernel.stop();
    assert.equal(await sink.counter('gw_audit_events_dropped_total', { reason: 'shutdown' }), 10);
    assert.equal(await sink.counter('gw_audit_events_delivered_total'), 0);
    assert.equal(sink.plugin.queued, 0);
  });
});
