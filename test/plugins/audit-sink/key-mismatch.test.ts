import assert from 'node:assert/strict';
import { startAuditPeer, until, type AuditPeer } from './audit-peer.js';
import { sinkKernel, type SinkUnderTest } from './sink-under-test.js';

describe('audit sink ↔ audit module: a wrong key is refused for good', () => {
  let peer: AuditPeer;
  let sink: SinkUnderTest | undefined;
  before(async () => {
    peer = await startAuditPeer();
  });
  after(async () => {
    await sink?.kernel.stop();
    await peer.close();
  });

  it('drops the batch at the first 401 without retrying, counts it as rejected and logs the status, never the key', async () => {
    const wrongKey = 'not-the-audit-key-91c2';
    sink = sinkKernel({ url: peer.url, apiKey: wrongKey, batchSize: 3, retryMaxAttempts: 5 });
    await sink.kernel.start();
    sink.emit(3);
    await until(async () => (await sink?.counter('gw_audit_events_dropped_total', { reason: 'rejected' })) === 3, '3 rejected');
    assert.equal(await sink.counter('gw_audit_batches_total', { outcome: 'rejected' }), 1);
    assert.equal(await sink.counter('gw_audit_retries_total'), 0);
    assert.equal(await sink.counter('gw_audit_events_delivered_total'), 0);
    assert.deepEqual(await peer.events(), []);
    const refused = sink.logs.filter((line) => line.includes('refused a batch'));
    assert.equal(refused.length, 1);
    assert.equal((JSON.parse(refused[0] ?? '{}') as { status?: number }).status, 401);
    assert.ok(!sink.logs.join('\n').includes(wrongKey));
  });
});
