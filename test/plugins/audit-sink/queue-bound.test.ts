import assert from 'node:assert/strict';
import { evidenceEvent } from '@sluice/core';
import { EventQueue } from '@sluice/plugin-audit-sink';
import { API_KEY, sinkKernel } from './sink-under-test.js';

describe('audit sink: the queue is bounded and a full queue drops and counts', () => {
  const event = (n: number) =>
    evidenceEvent(`t-${n}`, { source: 'gateway', category: 'request', event_type: 'request.received', outcome: 'started' });

  it('keeps the oldest events in order and refuses past capacity, wrapping around the ring', () => {
    const queue = new EventQueue(3);
    const [a, b, c, d, e] = [1, 2, 3, 4, 5].map(event);
    assert.ok(a && b && c && d && e);
    assert.equal(queue.offer(a), true);
    assert.equal(queue.offer(b), true);
    assert.equal(queue.offer(c), true);
    assert.equal(queue.offer(d), false);
    assert.deepEqual(queue.take(2), [a, b]);
    assert.equal(queue.offer(d), true);
    assert.equal(queue.offer(e), true);
    assert.equal(queue.size, 3);
    assert.deepEqual(queue.take(10), [c, d, e]);
    assert.equal(queue.size, 0);
  });

  it('rejects a capacity below one', () => {
    assert.throws(() => new EventQueue(0), RangeError);
  });

  it('counts each event over capacity as queue_full, logs once without content, and the emitter never throws', async () => {
    const sink = sinkKernel({ queueCapacity: 5 });
    // Not started: nothing drains, so the bound alone decides.
    assert.doesNotThrow(() => sink.emit(12));
    assert.equal(sink.plugin.queued, 5);
    assert.equal(await sink.counter('gw_audit_events_dropped_total', { reason: 'queue_full' }), 7);
    assert.equal(await sink.counter('gw_audit_queue_depth'), 5);
    const overflowLines = sink.logs.filter((line) => line.includes('audit queue full'));
    assert.equal(overflowLines.length, 1, 'the overflow warning is rate-limited');
    const all = sink.logs.join('\n');
    assert.ok(!all.includes('trace-audit-test'), 'no event content in the log');
    assert.ok(!all.includes(API_KEY), 'no key in the log');
  });

  it('drops what is still queued at stop as shutdown, and anything emitted after it', async () => {
    const sink = sinkKernel({ queueCapacity: 5 });
    sink.emit(3);
    await sink.plugin.stop();
    assert.equal(await sink.counter('gw_audit_events_dropped_total', { reason: 'shutdown' }), 3);
    sink.emit(2);
    assert.equal(await sink.counter('gw_audit_events_dropped_total', { reason: 'shutdown' }), 5);
    assert.equal(sink.plugin.queued, 0);
  });
});
