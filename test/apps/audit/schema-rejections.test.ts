import assert from 'node:assert/strict';
import { MAX_EVENTS_PER_BATCH } from '@sluice/audit';
import {
  batchBody,
  getJson,
  postBatch,
  requestEvents,
  startAudit,
  type AuditUnderTest,
  type StoredEventReply,
} from './audit-under-test.js';

const BODY_LIMIT = 64 * 1024;

/** One valid batch changed by `edit`: every case would be accepted without its change. */
const edited = (edit: (batch: Record<string, unknown>, event: Record<string, unknown>) => void) => {
  const batch = batchBody(requestEvents());
  const event = (batch.events as Record<string, unknown>[])[1]!;
  edit(batch, event);
  return batch;
};

/** Each case breaks event 1 of three: the module stores events 0 and 2 and reports event 1 by index. */
const EVENT_CASES: ReadonlyArray<readonly [string, Record<string, unknown>, RegExp]> = [
  ['an event without trace_id', edited((_, e) => delete e.trace_id), /trace_id/],
  ['a trace_id with a NUL character', edited((_, e) => (e.trace_id = 'a\u0000b')), /trace_id/],
  ['an event without outcome', edited((_, e) => delete e.outcome), /outcome/],
  ['a source outside the enum', edited((_, e) => (e.source = 'proxy')), /source/],
  ['a category outside the enum', edited((_, e) => (e.category = 'billing')), /category/],
  ['an outcome outside the enum', edited((_, e) => (e.outcome = 'maybe')), /outcome .*allowed values: started, allowed/],
  ['an event_id that is not a uuid', edited((_, e) => (e.event_id = 'evt-1')), /event_id/],
  ['an occurred_at without a time zone', edited((_, e) => (e.occurred_at = '2025-01-01T10:00:00')), /occurred_at/],
  ['another schema version in an event', edited((_, e) => (e.schema_version = '1.0')), /schema_version/],
  ['an unknown event field', edited((_, e) => (e.prompt = 'hello')), /prompt/],
  ['text too large in an attribute', edited((_, e) => (e.attributes = { note: 'x'.repeat(5000) })), /attributes\.note/],
  ['text too large in event_type', edited((_, e) => (e.event_type = 'y'.repeat(300))), /event_type/],
  ['a model of 300 characters', edited((_, e) => (e.upstream = { model: 'm'.repeat(300) })), /upstream\.model/],
  ['an event that is not an object', edited((b) => ((b.events as unknown[])[1] = 'text')), /event/],
];

/** Each case breaks the envelope: nothing in the batch is stored. */
const ENVELOPE_CASES: ReadonlyArray<readonly [string, Record<string, unknown> | string, RegExp]> = [
  ['a batch without producer', edited((b) => delete b.producer), /producer/],
  ['a producer without instance_id', edited((b) => delete (b.producer as Record<string, unknown>).instance_id), /instance_id/],
  ['another envelope schema_version', edited((b) => (b.schema_version = '2.0')), /schema_version/],
  ['events that are not an array', edited((b) => (b.events = {})), /events/],
  ['a body that is not JSON', '{"schema_version": ', /not valid JSON/],
];

describe('audit: schema rejections', () => {
  let audit: AuditUnderTest;
  before(async () => {
    audit = await startAudit({ maxBodyBytes: BODY_LIMIT });
  });
  after(() => audit.dispose());

  const stored = async () => (await getJson<{ events: StoredEventReply[] }>(`${audit.url}/v1/events?limit=1000`)).body.events;

  for (const [name, body, field] of EVENT_CASES) {
    it(`stores the valid events around ${name} and reports it by index, naming the field`, async () => {
      const before = (await stored()).length;
      const events = body.events as Record<string, unknown>[];
      const reply = await postBatch(audit.url, body);
      assert.equal(reply.status, 200);
      const rejected = reply.body.rejected as { index: number; code: string; message: string }[];
      assert.equal(rejected.length, 1);
      assert.equal(rejected[0]!.index, 1);
      assert.equal(rejected[0]!.code, 'invalid_event');
      assert.match(rejected[0]!.message, field);
      assert.equal(reply.body.accepted, 2);
      const after = await stored();
      assert.deepEqual(
        after.slice(before).map((event) => event.event_id),
        [events[0]!.event_id, events[2]!.event_id],
      );
    });
  }

  it('never echoes the refused value in the message', async () => {
    const secret = 'the private question about my account';
    const reply = await postBatch(
      audit.url,
      edited((_, e) => (e.attributes = { note: secret.repeat(100) })),
    );
    assert.equal(reply.status, 200);
    assert.doesNotMatch(JSON.stringify(reply.body), /private question/);
  });

  for (const [name, body, field] of ENVELOPE_CASES) {
    it(`answers 400 to ${name}, naming the field, and stores nothing`, async () => {
      const before = (await stored()).length;
      const reply = await postBatch(audit.url, body);
      assert.equal(reply.status, 400);
      const error = reply.body.error as { code: string; message: string };
      assert.match(error.code, /^invalid_(request|json)$/);
      assert.match(error.message, field);
      assert.equal((await stored()).length, before);
    });
  }

  it(`answers 400 to more than ${MAX_EVENTS_PER_BATCH} events in one batch`, async () => {
    const events = Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => requestEvents()[0]);
    const big = await startAudit();
    try {
      const reply = await postBatch(big.url, batchBody(events));
      assert.equal(reply.status, 400);
      assert.match((reply.body.error as { message: string }).message, /events/);
    } finally {
      await big.dispose();
    }
  });

  it('answers 413 to a body over the limit', async () => {
    const events = Array.from({ length: 200 }, () => requestEvents()[2]);
    const body = JSON.stringify(batchBody(events));
    assert.ok(body.length > BODY_LIMIT);
    const reply = await postBatch(audit.url, body);
    assert.equal(reply.status, 413);
    assert.equal((reply.body.error as { code: string }).code, 'too_large');
  });
});
