import assert from 'node:assert/strict';
import { startAuditPeer, until, type AuditPeer } from './audit-peer.js';
import { sinkKernel, type SinkUnderTest } from './sink-under-test.js';

describe('audit sink ↔ audit module: the module down, then up again', () => {
  let peer: AuditPeer;
  let sink: SinkUnderTest | undefined;
  beforeEach(async () => {
    peer = await startAuditPeer();
  });
  afterEach(async () => {
    await sink?.kernel.stop();
    await peer.close();
  });

  it('delivers what was emitted while it was down once it is back within the retry budget', async () => {
    await peer.down();
    sink = sinkKernel({ url: peer.url, batchSize: 3, retryMaxAttempts: 1000 });
    await sink.kernel.start();
    const events = sink.emit(5);
    await until(async () => ((await sink?.counter('gw_audit_retries_total')) ?? 0) >= 2, 'two failed attempts');
    await peer.up();
    await until(async () => (await sink?.counter('gw_audit_events_delivered_total')) === 5, 'all 5 delivered');
    assert.deepEqual(
      (await peer.events()).map((e) => e.event_id),
      events.map((e) => e.event_id),
    );
    assert.equal(await sink.counter('gw_audit_events_dropped_total'), 0);
  });

  it('drops and counts a batch whose retries run out, never replays it, and delivers what comes after', async () => {
    await peer.down();
    sink = sinkKernel({ url: peer.url, batchSize: 4, retryMaxAttempts: 3 });
    await sink.kernel.start();
    sink.emit(4);
    await until(
      async () => (await sink?.counter('gw_audit_events_dropped_total', { reason: 'retries_exhausted' })) === 4,
      '4 events dropped after retries',
    );
    assert.equal(await sink.counter('gw_audit_batches_total', { outcome: 'retries_exhausted' }), 1);
    assert.equal(await sink.counter('gw_audit_retries_total'), 2, 'three attempts are two retries');
    assert.ok(sink.logs.some((line) => line.includes('batch dropped') && line.includes('ECONNREFUSED')));

    await peer.up();
    const [later] = sink.emit(1);
    await until(async () => (await sink?.counter('gw_audit_events_delivered_total')) === 1, 'the later event delivered');
    assert.deepEqual(
      (await peer.events()).map((e) => e.event_id),
      [later?.event_id],
    );
  });
});
