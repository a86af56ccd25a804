import assert from 'node:assert/strict';
import { startAuditPeer, until, type AuditPeer } from './audit-peer.js';
import { sinkKernel, type SinkUnderTest } from './sink-under-test.js';

describe('audit sink ↔ audit module: a burst larger than the queue', () => {
  let peer: AuditPeer;
  let sink: SinkUnderTest | undefined;
  before(async () => {
    peer = await startAuditPeer();
  });
  after(async () => {
    await sink?.kernel.stop();
    await peer.close();
  });

  it('keeps the first events up to capacity, drops and counts the rest, and delivers what it kept', async () => {
    sink = sinkKernel({ url: peer.url, queueCapacity: 10, batchSize: 5 });
    await sink.kernel.start();
    // One synchronous burst: the delivery loop cannot take anything until it ends.
    const burst = sink.emit(100);
    assert.equal(await sink.counter('gw_audit_events_dropped_total', { reason: 'queue_full' }), 90);
    await until(async () => (await sink?.counter('gw_audit_events_delivered_total')) === 10, '10 delivered');
    assert.deepEqual(
      (await peer.events()).map((e) => e.event_id),
      burst.slice(0, 10).map((e) => e.event_id),
    );
    assert.equal(sink.logs.filter((line) => line.includes('audit queue full')).length, 1);
  });
});
