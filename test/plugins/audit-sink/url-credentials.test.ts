import assert from 'node:assert/strict';
import { startAuditPeer, until, type AuditPeer } from './audit-peer.js';
import { sinkKernel, type SinkUnderTest } from './sink-under-test.js';

describe('audit sink: an audit_url written with credentials', () => {
  let peer: AuditPeer;
  let sink: SinkUnderTest | undefined;
  before(async () => {
    peer = await startAuditPeer();
  });
  after(async () => {
    await sink?.kernel.stop();
    await peer.close();
  });

  it('delivers to the URL without them (fetch refuses a URL with a userinfo) and never logs them', async () => {
    const url = new URL(peer.url);
    url.username = 'ops';
    url.password = 'url-password-5e1';
    sink = sinkKernel({ url: url.href, batchSize: 2 });
    await sink.kernel.start();
    sink.emit(2);
    await until(async () => (await sink?.counter('gw_audit_events_delivered_total')) === 2, '2 delivered');
    assert.equal((await peer.events()).length, 2);
    assert.ok(!sink.logs.join('\n').includes('url-password-5e1'));
  });
});
