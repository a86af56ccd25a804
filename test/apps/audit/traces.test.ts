import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  batchBody,
  getJson,
  postBatch,
  requestEvents,
  startAudit,
  type AuditUnderTest,
  type StoredEventReply,
} from './audit-under-test.js';

describe('audit: traces', () => {
  let audit: AuditUnderTest;
  before(async () => {
    audit = await startAudit();
  });
  after(() => audit.dispose());

  it('returns every event of one request in order, and none of another interleaved with it', async () => {
    const one = requestEvents(randomUUID());
    const other = requestEvents(randomUUID());
    // Interleaved as two concurrent requests would be delivered.
    await postBatch(audit.url, batchBody([one[0], other[0], one[1], other[1]]));
    await postBatch(audit.url, batchBody([other[2], one[2]]));

    const reply = await getJson<{ trace_id: string; events: StoredEventReply[] }>(
      `${audit.url}/v1/traces/${encodeURIComponent(one[0]!.trace_id)}`,
    );
    assert.equal(reply.status, 200);
    assert.equal(reply.body.trace_id, one[0]!.trace_id);
    assert.deepEqual(
      reply.body.events.map((e) => [e.sequence, e.event_type]),
      [
        [1, 'request.received'],
        [3, 'cache.lookup'],
        [6, 'request.completed'],
      ],
    );
  });

  it('answers 404 for a trace with no events', async () => {
    const reply = await getJson(`${audit.url}/v1/traces/${randomUUID()}`);
    assert.equal(reply.status, 404);
    assert.equal((reply.body.error as { code: string }).code, 'not_found');
  });
});
