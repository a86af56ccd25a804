import assert from 'node:assert/strict';
import { startAuditPeer, until, type AuditPeer } from './audit-peer.js';
import { sinkKernel, type SinkUnderTest } from './sink-under-test.js';

describe('audit sink ↔ audit module: events arrive complete and in order', () => {
  let peer: AuditPeer;
  let sink: SinkUnderTest | undefined;
  beforeEach(async () => {
    peer = await startAuditPeer();
  });
  afterEach(async () => {
    await sink?.kernel.stop();
    await peer.close();
  });

  it('delivers every event once, in emission order, across full batches and an interval flush', async () => {
    sink = sinkKernel({ url: peer.url, batchSize: 7 });
    await sink.kernel.start();
    // 3 full batches and a remainder of 2 that only the flush interval sends.
    const first = sink.emit(23);
    const second = sink.emit(10, 'trace-second');
    await until(async () => (await sink?.counter('gw_audit_events_delivered_total')) === 33, '33 events delivered');
    const stored = await peer.events();
    assert.deepEqual(
      stored.map((e) => e.event_id),
      [...first, ...second].map((e) => e.event_id),
    );
    assert.deepEqual(
      stored.map((e) => e.sequence),
      [...stored.keys()].map((i) => i + 1),
    );
    assert.equal(await sink.counter('gw_audit_events_dropped_total'), 0);
    assert.equal(await sink.counter('gw_audit_batches_total', { outcome: 'delivered' }), 5);
    assert.equal(await sink.counter('gw_audit_queue_depth'), 0);
  });

  it('sends a partial batch when the flush interval passes without it filling', async () => {
    sink = sinkKernel({ url: peer.url, batchSize: 100, flushIntervalMs: 30 });
    await sink.kernel.start();
    const [event] = sink.emit(1);
    await until(async () => (await peer.events()).length === 1, 'the single event stored');
    assert.equal((await peer.events())[0]?.event_id, event?.event_id);
  });
});
