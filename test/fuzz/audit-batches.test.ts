/**
 * The audit module takes a batch event by event: for batches of events built from any client text (bounded
 * where they are built) mixed with events no schema accepts, at any places, every built event is stored, in
 * order, and exactly the broken ones are reported, by index. `npm test` runs it with the fixed seed,
 * `npm run fuzz` FUZZ_RUNS times as many batches.
 */
import assert from 'node:assert/strict';
import { evidenceEvent, type EvidenceDetails, type EvidenceEvent } from '@sluice/core';
import fc from 'fast-check';
import {
  batchBody,
  getJson,
  postBatch,
  startAudit,
  type AuditUnderTest,
  type StoredEventReply,
} from '../apps/audit/audit-under-test.js';
import { fuzzBudget } from './fuzz-budget.js';

/** Client text at its worst: long, control and bidi characters, lone surrogates, emoji across the cut. */
const clientText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 1200 }),
  fc.string({
    unit: fc.constantFrom('m', '\n', '\u0000', '\u001b', '\u202e', '\ud800', '\udfff', '😀', '\u0085'),
    maxLength: 1100,
  }),
);

/** Every evidence field a request or a header can reach. */
const clientDetails: fc.Arbitrary<EvidenceDetails> = fc.record({
  actor: fc.record({ tenant_id: clientText, subject_id: clientText, application_id: clientText }),
  upstream: fc.record({ model: clientText, provider_name: clientText }),
  policy: fc.record({ policy_id: clientText }),
  decision: fc.record({ rule_id: clientText, reason_code: clientText }),
  cache: fc.record({ record_id: clientText, cache_key_hash: clientText }),
  findings: fc.array(fc.record({ kind: clientText, count: fc.integer({ min: 0, max: 9 }) }), { maxLength: 3 }),
  attributes: fc.dictionary(clientText, fc.oneof(clientText, fc.integer(), fc.boolean()), { maxKeys: 80 }),
});

const builtEvent = fc.tuple(clientText, clientText, clientDetails).map(([traceId, user, details]) =>
  evidenceEvent(
    traceId,
    { source: 'gateway', category: 'request', event_type: 'request.received', outcome: 'started' },
    {
      ...details,
      attributes: { ...details.attributes, user },
    },
  ),
);

/** Ways an event can break the schema after it was built: each names no value the module could echo. */
const BREAKS: ReadonlyArray<(event: Record<string, unknown>) => unknown> = [
  (event) => ({ ...event, prompt: 'the private question' }),
  (event) => ({ ...event, outcome: 'maybe' }),
  (event) => ({ ...event, upstream: { model: 'm'.repeat(300) } }),
  (event) => ({ ...event, attributes: { note: 'x'.repeat(2000) } }),
  (event) => ({ ...event, event_id: 'not-a-uuid' }),
  (event) => Object.fromEntries(Object.entries(event).filter(([key]) => key !== 'trace_id')),
  () => 'an event that is text',
  () => null,
];

const slot = fc.oneof(
  { weight: 3, arbitrary: builtEvent.map((event) => ({ valid: true as const, event })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(builtEvent, fc.integer({ min: 0, max: BREAKS.length - 1 }))
      .map(([event, which]) => ({ valid: false as const, event: BREAKS[which]!(event as unknown as Record<string, unknown>) })),
  },
);

describe('fuzz: audit batches of hostile and broken events', function () {
  const budget = fuzzBudget();
  this.timeout((budget.seconds + 30) * 1000);
  let audit: AuditUnderTest;
  before(async () => {
    audit = await startAudit();
  });
  after(() => audit.dispose());

  it(`stores every built event in order and reports exactly the broken ones by index (seed ${budget.seed})`, async () => {
    let after = 0;
    const deadline = performance.now() + budget.seconds * 1000;
    await fc.assert(
      fc.asyncProperty(fc.array(slot, { minLength: 1, maxLength: 12 }), async (slots) => {
        if (performance.now() > deadline) return;
        const reply = await postBatch(audit.url, batchBody(slots.map((s) => s.event)));
        assert.equal(reply.status, 200);
        const rejected = reply.body.rejected as { index: number; code: string; message: string }[];
        const broken = slots.flatMap((s, index) => (s.valid ? [] : [index]));
        assert.deepEqual(
          rejected.map((r) => r.index),
          broken,
        );
        assert.ok(rejected.every((r) => r.code === 'invalid_event' && !r.message.includes('private question')));
        const valid = slots.filter((s) => s.valid).map((s) => (s.event as EvidenceEvent).event_id);
        assert.equal(reply.body.accepted, valid.length);
        const page = await getJson<{ events: StoredEventReply[]; next_after_sequence: number }>(
          `${audit.url}/v1/events?limit=1000&after_sequence=${after}`,
        );
        assert.deepEqual(
          page.body.events.map((e) => e.event_id),
          valid,
        );
        if (page.body.events.length > 0) after = page.body.next_after_sequence;
      }),
      { seed: budget.seed, numRuns: 40 * budget.scale },
    );
  });
});
