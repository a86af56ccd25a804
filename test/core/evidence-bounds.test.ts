import assert from 'node:assert/strict';
import { evidenceEvent, Exchange, type EvidenceEvent, type EvidenceHead } from '@sluice/core';
import { boundEvidenceEvent, boundText, EVIDENCE_LIMITS } from '@sluice/core';
import { checkEvidenceEvent } from '@sluice/audit';
import fc from 'fast-check';
import { chatRequest, completion, kernelUnderTest } from './kernel-under-test.js';

const HEAD: EvidenceHead = { source: 'gateway', category: 'request', event_type: 'request.received', outcome: 'started' };
const LONG = 'm'.repeat(300);

/** Any text, control characters, lone surrogates and all; long enough to cross every limit. */
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 1500 }),
  fc.string({ unit: fc.constantFrom('a', '\n', '\u0000', '\u202e', '\ud800', '\udc00', '😀', '\u0085'), maxLength: 1300 }),
);

const anyNumber = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1));

const anyDetails = fc.record(
  {
    actor: fc.record({ tenant_id: anyText, subject_id: anyText, application_id: anyText }, { requiredKeys: [] }),
    policy: fc.record(
      { policy_id: anyText, policy_version: anyText, policy_hash: anyText, policy_type: anyText },
      { requiredKeys: [] },
    ),
    findings: fc.array(
      fc.record({ kind: anyText, count: anyNumber, action: anyText, detector_id: anyText }, { requiredKeys: ['kind', 'count'] }),
      { maxLength: 300 },
    ),
    cache: fc.record(
      { cache_type: anyText, operation: anyText, cache_key_hash: anyText, record_id: anyText, similarity_score: anyNumber },
      { requiredKeys: [] },
    ),
    upstream: fc.record(
      { provider_name: anyText, model: anyText, endpoint_class: anyText, response_status: anyNumber, latency_ms: anyNumber },
      { requiredKeys: [] },
    ),
    decision: fc.record({ action: anyText, reason_code: anyText, rule_id: anyText, severity: anyText }, { requiredKeys: [] }),
    attributes: fc.dictionary(anyText, fc.oneof(anyText, anyNumber, fc.boolean()), { maxKeys: 90 }),
    parent_event_id: anyText,
  },
  { requiredKeys: [] },
);

describe('evidence: bounded to the audit schema', () => {
  it('accepts every event built from any client text, whatever its length or characters', () => {
    fc.assert(
      fc.property(anyText, anyText, anyDetails, (traceId, eventType, details) => {
        const event = evidenceEvent(traceId, { ...HEAD, event_type: eventType }, details);
        const check = checkEvidenceEvent(JSON.parse(JSON.stringify(event)));
        assert.ok(check.ok, check.ok ? '' : check.message);
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it('cuts a long value to the limit with a hash suffix, so distinct long values stay distinct', () => {
    const a = boundText(`${LONG}a`, EVIDENCE_LIMITS.shortText);
    const b = boundText(`${LONG}b`, EVIDENCE_LIMITS.shortText);
    assert.equal(a.length, EVIDENCE_LIMITS.shortText);
    assert.match(a, /^m+…\[sha256:[0-9a-f]{16}\]$/);
    assert.notEqual(a, b);
    assert.equal(boundText(`${LONG}a`, EVIDENCE_LIMITS.shortText), a);
  });

  it('removes control and bidi characters and never leaves half a surrogate pair', () => {
    assert.equal(boundText('ten\u0000ant\n\u202e\u0085-1', 256), 'tenant-1');
    assert.equal(boundText('a\ud800b', 256), 'a\ufffdb');
    const cut = boundText(`${'x'.repeat(228)}😀${'y'.repeat(40)}`, 256);
    assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(cut));
  });

  it('keeps at most 64 attributes and 256 findings, and leaves out non-finite numbers', () => {
    const attributes = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`a${i}`, i]));
    const findings = Array.from({ length: 300 }, () => ({ kind: 'email', count: 1 }));
    const event = evidenceEvent('t', HEAD, { attributes, findings, upstream: { model: 'x', latency_ms: Number.NaN } });
    assert.equal(Object.keys(event.attributes ?? {}).length, EVIDENCE_LIMITS.attributes);
    assert.equal(event.findings?.length, EVIDENCE_LIMITS.findings);
    assert.deepEqual(event.upstream, { model: 'x' });
  });

  it('returns an event already within bounds as it is', () => {
    const event = evidenceEvent('t', HEAD, { upstream: { model: 'gpt-4o-mini' }, attributes: { delivery_path: 'upstream' } });
    assert.equal(boundEvidenceEvent(event), event);
  });

  it('bounds the model and tenant a request brings, and events a plugin emits itself', async () => {
    const { kernel, events } = kernelUnderTest();
    kernel.hooks.upstream.tapPromise('u', async () => completion());
    const exchange = new Exchange({ request: { ...chatRequest(), model: LONG } });
    exchange.tenant = `t\n${'e'.repeat(400)}`;
    await kernel.run(exchange);
    const handMade = { ...evidenceEvent('t', HEAD), actor: { tenant_id: LONG } } as EvidenceEvent;
    kernel.emit(handMade);
    assert.ok(events.length >= 3);
    for (const event of events) {
      const check = checkEvidenceEvent(JSON.parse(JSON.stringify(event)));
      assert.ok(check.ok, check.ok ? '' : `${event.event_type}: ${check.message}`);
    }
    assert.equal(events[0]?.upstream?.model?.length, EVIDENCE_LIMITS.shortText);
    assert.equal(events.at(-1)?.actor?.tenant_id?.length, EVIDENCE_LIMITS.shortText);
  });
});
