import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { evidenceEvent, Exchange, Kernel } from '@sluice/core';
import { pino } from 'pino';
import { chatRequest, completion } from './kernel-under-test.js';

describe('evidence', () => {
  it('builds a svc.evidence.event 1.1 record without empty parts', () => {
    const event = evidenceEvent(
      'trace-1',
      { source: 'gateway', category: 'cache', event_type: 'cache.lookup', outcome: 'miss' },
      {
        cache: { cache_type: 'exact', similarity_score: undefined },
        findings: [],
        decision: { action: undefined },
      },
    );
    assert.equal(event.schema, 'svc.evidence.event');
    assert.equal(event.schema_version, '1.1');
    assert.match(event.event_id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(!Number.isNaN(Date.parse(event.occurred_at)) && event.occurred_at.endsWith('Z'));
    assert.deepEqual(event.cache, { cache_type: 'exact' });
    assert.equal('findings' in event, false);
    assert.equal('decision' in event, false);
  });

  it('logs one JSON line per event with target svc_evidence, and no prompt or answer text', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const kernel = new Kernel({ logger: pino({ level: 'info' }, sink) });
    kernel.hooks.upstream.tapPromise('u', async () => completion('the secret answer'));
    await kernel.run(new Exchange({ request: chatRequest('the private question') }));
    await new Promise((r) => setImmediate(r));
    const records = lines.map((line) => JSON.parse(line) as { target: string; evidence: { event_type: string } });
    assert.deepEqual(
      records.map((r) => r.evidence.event_type),
      ['request.received', 'request.completed'],
    );
    assert.ok(records.every((r) => r.target === 'svc_evidence'));
    assert.doesNotMatch(lines.join('\n'), /private question|secret answer/);
  });

  it('taps no log sink when the logger would drop the lines', () => {
    assert.equal(new Kernel({ logger: pino({ level: 'warn' }) }).hooks.evidence.taps.length, 0);
    assert.equal(new Kernel({ logger: pino({ level: 'info' }) }).hooks.evidence.taps.length, 1);
  });
});
