import assert from 'node:assert/strict';
import {
  batchBody,
  getJson,
  postBatch,
  requestEvents,
  startAudit,
  type AuditUnderTest,
  type StoredEventReply,
} from './audit-under-test.js';

describe('audit: a retried batch is stored once', () => {
  let audit: AuditUnderTest;
  beforeEach(async () => {
    audit = await startAudit();
  });
  afterEach(() => audit.dispose());

  const storedIds = async () =>
    (await getJson<{ events: StoredEventReply[] }>(`${audit.url}/v1/events`)).body.events.map((e) => [e.sequence, e.event_id]);

  it('skips every event of a batch sent twice and reports them as duplicates', async () => {
    const events = requestEvents();
    await postBatch(audit.url, batchBody(events));
    const retry = await postBatch(audit.url, batchBody(events));
    assert.deepEqual(retry, {
      status: 200,
      body: { accepted: 0, duplicates: 3, rejected: [], first_sequence: null, last_sequence: null },
    });
    assert.deepEqual(
      await storedIds(),
      events.map((e, i) => [i + 1, e.event_id]),
    );
  });

  it('stores only the new events of a batch that overlaps an earlier one, numbering on without a gap', async () => {
    const [a, b, c] = requestEvents();
    const [d] = requestEvents();
    await postBatch(audit.url, batchBody([a, b]));
    const overlap = await postBatch(audit.url, batchBody([b, c, a, d]));
    assert.deepEqual(overlap.body, { accepted: 2, duplicates: 2, rejected: [], first_sequence: 3, last_sequence: 4 });
    assert.deepEqual(await storedIds(), [
      [1, a!.event_id],
      [2, b!.event_id],
      [3, c!.event_id],
      [4, d!.event_id],
    ]);
  });

  it('counts an id repeated within one batch as a duplicate', async () => {
    const [a] = requestEvents();
    const reply = await postBatch(audit.url, batchBody([a, a]));
    assert.deepEqual(reply.body, { accepted: 1, duplicates: 1, rejected: [], first_sequence: 1, last_sequence: 1 });
    assert.equal((await storedIds()).length, 1);
  });
});
