import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { evidenceEvent, type EvidenceEvent } from '@sluice/core';
import { checkEvidenceEvent } from '@sluice/audit';
import { startAuditPeer, until, type AuditPeer } from './audit-peer.js';
import { sinkKernel, type SinkUnderTest } from './sink-under-test.js';

/** An event no audit module accepts: bounding keeps lengths, not a field the schema does not know. */
function refusedEvent(): EvidenceEvent {
  const event = evidenceEvent('trace-refused', { source: 'gateway', category: 'request', event_type: 'bad', outcome: 'started' });
  return { ...event, prompt_hash: 'x' } as EvidenceEvent;
}

/** Emits `count` good events with `bad` refused ones at the given places; returns them in order. */
function emitMixed(sink: SinkUnderTest, count: number, badAt: readonly number[]): EvidenceEvent[] {
  const sent: EvidenceEvent[] = [];
  for (let i = 0; i < count; i += 1) {
    if (badAt.includes(i)) {
      const bad = refusedEvent();
      sink.kernel.emit(bad);
      sent.push(bad);
    } else sent.push(...sink.emit(1));
  }
  return sent;
}

describe('audit sink ↔ audit module: events refused one by one', () => {
  let peer: AuditPeer;
  let sink: SinkUnderTest | undefined;
  beforeEach(async () => {
    peer = await startAuditPeer();
    sink = undefined;
  });
  afterEach(async () => {
    await sink?.kernel.stop();
    await peer.close();
  });

  it('stores the valid events of a batch, drops only the refused ones, counts them per event and never retries them', async () => {
    sink = sinkKernel({ url: peer.url, batchSize: 6, retryMaxAttempts: 5 });
    await sink.kernel.start();
    const sent = emitMixed(sink, 6, [1, 4]);
    await until(async () => (await sink?.counter('gw_audit_events_dropped_total', { reason: 'rejected' })) === 2, '2 rejected');
    const good = sent.filter((_, i) => i !== 1 && i !== 4).map((e) => e.event_id);
    assert.deepEqual(
      (await peer.events()).map((e) => e.event_id),
      good,
    );
    assert.equal(await sink.counter('gw_audit_events_accepted_total'), 4);
    assert.equal(await sink.counter('gw_audit_events_delivered_total'), 4);
    assert.equal(await sink.counter('gw_audit_batches_total', { outcome: 'partial' }), 1);
    assert.equal(await sink.counter('gw_audit_batches_total', { outcome: 'rejected' }), 0);
    assert.equal(await sink.counter('gw_audit_retries_total'), 0);
    const refused = sink.logs.filter((line) => line.includes('refused evidence events'));
    assert.equal(refused.length, 1, 'one log line for the batch');
    const logged = JSON.parse(refused[0]!) as {
      rejected: number;
      refused: { index: number; reason: string; event_type: string }[];
    };
    assert.equal(logged.rejected, 2);
    assert.deepEqual(
      logged.refused.map((r) => r.index),
      [1, 4],
    );
    assert.match(logged.refused[0]!.reason, /prompt_hash/);
    assert.equal(logged.refused[0]!.event_type, 'bad');
  });

  it('counts events already held as duplicates', async () => {
    sink = sinkKernel({ url: peer.url, batchSize: 2 });
    await sink.kernel.start();
    const [first] = sink.emit(1);
    await until(async () => (await sink?.counter('gw_audit_events_accepted_total')) === 1, 'first stored');
    sink.kernel.emit(first!);
    sink.emit(1);
    await until(async () => (await sink?.counter('gw_audit_events_delivered_total')) === 3, 'all taken');
    assert.equal(await sink.counter('gw_audit_events_duplicate_total'), 1);
    assert.equal(await sink.counter('gw_audit_events_accepted_total'), 2);
  });
});

/**
 * An audit module from before per-event results: a batch with one bad event is refused whole with 400,
 * naming the first bad one as `events.<index>`.
 */
async function startWholeBatchModule(): Promise<{ url: string; stored: string[]; posts: number; close(): Promise<void> }> {
  const state = { stored: [] as string[], posts: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.posts += 1;
      const { events } = JSON.parse(Buffer.concat(chunks).toString()) as { events: unknown[] };
      const bad = events.findIndex((event) => !checkEvidenceEvent(event).ok);
      res.setHeader('content-type', 'application/json');
      if (bad >= 0) {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            error: {
              code: 'invalid_request',
              message: `Invalid evidence batch: events.${bad} must not have additional properties`,
            },
          }),
        );
        return;
      }
      state.stored.push(...events.map((event) => (event as { event_id: string }).event_id));
      res.end(JSON.stringify({ accepted: events.length, duplicates: 0, first_sequence: 1, last_sequence: events.length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get stored() {
      return state.stored;
    },
    get posts() {
      return state.posts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('audit sink ↔ an audit module that refuses a batch whole for one event', () => {
  it('leaves out each event it names and sends the rest again at once, so every valid event arrives', async () => {
    const module = await startWholeBatchModule();
    const sink = sinkKernel({ url: module.url, batchSize: 8, retryMaxAttempts: 3 });
    try {
      await sink.kernel.start();
      const sent = emitMixed(sink, 8, [0, 5]);
      await until(async () => (await sink.counter('gw_audit_events_delivered_total')) === 6, '6 delivered');
      assert.deepEqual(
        module.stored,
        sent.filter((_, i) => i !== 0 && i !== 5).map((e) => e.event_id),
      );
      assert.equal(module.posts, 3, 'one extra request per refused event');
      assert.equal(await sink.counter('gw_audit_events_dropped_total', { reason: 'rejected' }), 2);
      assert.equal(await sink.counter('gw_audit_retries_total'), 0);
    } finally {
      await sink.kernel.stop();
      await module.close();
    }
  });

  it('drops the whole batch when a 400 names no event (an envelope problem): splitting could not help', async () => {
    const server = createServer((_req, res) => {
      res.statusCode = 400;
      res.end(
        JSON.stringify({
          error: { code: 'invalid_request', message: 'Invalid evidence batch: producer.instance_id is required' },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const sink = sinkKernel({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, batchSize: 4 });
    try {
      await sink.kernel.start();
      sink.emit(4);
      await until(async () => (await sink.counter('gw_audit_events_dropped_total', { reason: 'rejected' })) === 4, '4 rejected');
      assert.equal(await sink.counter('gw_audit_batches_total', { outcome: 'rejected' }), 1);
    } finally {
      await sink.kernel.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
