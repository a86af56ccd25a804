import assert from 'node:assert/strict';
import type { EvidenceEvent } from '@sluice/core';
import { startModuleProxy, type ModuleProxy, type ProxiedCall } from '../../fixtures/module-proxy.js';
import { startAuditPeer, until, type AuditPeer } from './audit-peer.js';
import { sinkKernel, type SinkUnderTest } from './sink-under-test.js';

const BATCH_PATH = '/v1/events/batch';
const BACKOFF = { retryInitialBackoffMs: 20, retryMaxBackoffMs: 80 };

/** The event ids each batch attempt carried. */
const idsOf = (call: ProxiedCall): string[] =>
  ((call.body as { events?: { event_id: string }[] } | null)?.events ?? []).map((e) => e.event_id);

describe('audit sink ↔ audit module behind a proxy: 429, 503 and a stalled module', () => {
  let peer: AuditPeer;
  let proxy: ModuleProxy;
  let sink: SinkUnderTest | undefined;
  beforeEach(async () => {
    peer = await startAuditPeer();
    proxy = await startModuleProxy(peer.url);
    sink = undefined;
  });
  afterEach(async () => {
    await sink?.kernel.stop();
    await proxy.close();
    await peer.close();
  });

  const batchCalls = () => proxy.calls.filter((c) => c.path === BATCH_PATH);

  /** Every attempt carried the same batch, the module stored it once, and the counters say so. */
  async function deliveredOnce(s: SinkUnderTest, events: EvidenceEvent[]): Promise<void> {
    const ids = events.map((e) => e.event_id);
    await until(async () => (await s.counter('gw_audit_events_delivered_total')) === ids.length, 'the batch delivered');
    const attempts = batchCalls();
    for (const call of attempts) assert.deepEqual(idsOf(call), ids, 'every attempt resends the same batch');
    assert.deepEqual(
      (await peer.events()).map((e) => e.event_id),
      ids,
      'stored once, in order',
    );
    assert.equal(await s.counter('gw_audit_batches_total', { outcome: 'delivered' }), 1);
    assert.equal(await s.counter('gw_audit_batches_total', { outcome: 'retries_exhausted' }), 0);
    assert.equal(await s.counter('gw_audit_retries_total'), attempts.length - 1, 'one retry per failed attempt');
    assert.equal(
      await s.counter('gw_audit_events_retried_total'),
      (attempts.length - 1) * ids.length,
      'each retry resends the batch',
    );
    assert.equal(await s.counter('gw_audit_events_accepted_total'), ids.length);
    assert.equal(await s.counter('gw_audit_events_dropped_total'), 0);
  }

  for (const status of [429, 503]) {
    it(`retries a ${status} with doubling backoff and delivers once the module is reachable again`, async () => {
      proxy.route((path) => (path === BATCH_PATH ? { kind: 'status', status } : { kind: 'forward', to: peer.url }));
      sink = sinkKernel({ url: proxy.url, batchSize: 3, retryMaxAttempts: 1000, ...BACKOFF });
      await sink.kernel.start();
      const events = sink.emit(3);
      await until(() => batchCalls().length >= 4, `four attempts answered ${status}`);
      assert.equal((await peer.events()).length, 0, 'nothing reached the module yet');
      assert.ok(
        sink.logs.some((line) => line.includes('retrying') && line.includes(`status ${status}`)),
        'the retry is logged with its status',
      );

      proxy.route(() => ({ kind: 'forward', to: peer.url }));
      await deliveredOnce(sink, events);

      // Doubling backoff, capped: each attempt comes no sooner than the wait after the one before
      // (a lower bound only; timers never fire early by more than the clock's rounding).
      const attempts = batchCalls();
      for (let i = 1; i < attempts.length; i += 1) {
        const wait = Math.min(BACKOFF.retryMaxBackoffMs, BACKOFF.retryInitialBackoffMs * 2 ** (i - 1));
        const gap = attempts[i]!.at - attempts[i - 1]!.at;
        assert.ok(gap >= wait - 2, `attempt ${i + 1} came ${gap.toFixed(1)} ms after attempt ${i}; backoff ${wait} ms`);
      }
    });
  }

  it('drops and counts a batch still answered 503 when its attempts run out', async () => {
    proxy.route((path) => (path === BATCH_PATH ? { kind: 'status', status: 503 } : { kind: 'forward', to: peer.url }));
    sink = sinkKernel({ url: proxy.url, batchSize: 2, retryMaxAttempts: 3, ...BACKOFF });
    await sink.kernel.start();
    sink.emit(2);
    await until(
      async () => (await sink?.counter('gw_audit_batches_total', { outcome: 'retries_exhausted' })) === 1,
      'the batch dropped after its attempts',
    );
    assert.equal(batchCalls().length, 3);
    assert.equal(await sink.counter('gw_audit_retries_total'), 2);
    assert.equal(await sink.counter('gw_audit_events_dropped_total', { reason: 'retries_exhausted' }), 2);
    assert.equal(await sink.counter('gw_audit_batches_total', { outcome: 'delivered' }), 0);
    assert.ok(sink.logs.some((line) => line.includes('batch dropped') && line.includes('status 503')));
    assert.equal((await peer.events()).length, 0);
  });

  it('gives up on a stalled module after audit_timeout_seconds, retries, and delivers once it answers', async () => {
    let stalled = 0;
    proxy.route((path) => {
      if (path !== BATCH_PATH || stalled >= 2) return { kind: 'forward', to: peer.url };
      stalled += 1;
      return { kind: 'stall' };
    });
    sink = sinkKernel({ url: proxy.url, batchSize: 2, retryMaxAttempts: 10, timeoutSeconds: 0.2, ...BACKOFF });
    await sink.kernel.start();
    const events = sink.emit(2);
    await deliveredOnce(sink, events);
    assert.equal(batchCalls().length, 3, 'two stalled attempts, then the one the module answered');
    assert.equal(await sink.counter('gw_audit_retries_total'), 2);
    assert.equal(
      sink.logs.filter((line) => line.includes('retrying') && line.includes('"reason":"timeout"')).length,
      2,
      'each stalled attempt ended by the timeout',
    );
  });
});
