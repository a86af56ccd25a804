import assert from 'node:assert/strict';
import {
  batchBody,
  postBatch,
  requestEvents,
  startAudit,
  API_KEY,
  type AuditUnderTest,
  type StoredEventReply,
} from './audit-under-test.js';

describe('audit: NDJSON export', () => {
  let audit: AuditUnderTest;
  before(async () => {
    audit = await startAudit();
  });
  after(() => audit.dispose());

  it('streams every event, one JSON line each, in sequence order, across more than one read step', async () => {
    // 1203 events: more than two of the export's 500-row steps, and a last step that is not full.
    const sent: string[] = [];
    for (let batch = 0; batch < 3; batch += 1) {
      const events = Array.from({ length: 133 }, () => requestEvents()).flat();
      sent.push(...events.map((e) => e.event_id));
      assert.equal((await postBatch(audit.url, batchBody(events))).status, 200);
    }
    assert.equal(sent.length, 1197);
    const tail = requestEvents().concat(requestEvents());
    sent.push(...tail.map((e) => e.event_id));
    await postBatch(audit.url, batchBody(tail));

    const response = await fetch(`${audit.url}/v1/export`, { headers: { 'x-api-key': API_KEY } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/x-ndjson');
    assert.equal(response.headers.get('content-length'), null, 'streamed, not sized up front');
    const text = await response.text();
    assert.ok(text.endsWith('\n'));
    const rows = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as StoredEventReply);
    assert.deepEqual(
      rows.map((r) => r.sequence),
      sent.map((_, i) => i + 1),
    );
    assert.deepEqual(
      rows.map((r) => r.event_id),
      sent,
    );
    assert.equal(rows[500]?.prev_hash, rows[499]?.hash);
  });

  it('exports an empty store as an empty body', async () => {
    const empty = await startAudit();
    try {
      const response = await fetch(`${empty.url}/v1/export`, { headers: { 'x-api-key': API_KEY } });
      assert.deepEqual([response.status, await response.text()], [200, '']);
    } finally {
      await empty.dispose();
    }
  });
});
