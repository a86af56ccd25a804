import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { GENESIS_HASH } from '@sluice/audit';
import {
  batchBody,
  getJson,
  postBatch,
  requestEvents,
  startAudit,
  type AuditUnderTest,
  type StoredEventReply,
} from './audit-under-test.js';

type Page = { events: StoredEventReply[]; next_after_sequence: number };

describe('audit: ingest and ordered reads', () => {
  let audit: AuditUnderTest;
  before(async () => {
    audit = await startAudit();
  });
  after(() => audit.dispose());

  it('numbers a batch 1, 2, 3 and reads it back in order with its hash fields', async () => {
    const events = requestEvents();
    const reply = await postBatch(audit.url, batchBody(events));
    assert.deepEqual(reply, {
      status: 200,
      body: { accepted: 3, duplicates: 0, rejected: [], first_sequence: 1, last_sequence: 3 },
    });

    const page = await getJson<Page>(`${audit.url}/v1/events`);
    assert.equal(page.status, 200);
    assert.deepEqual(
      page.body.events.map((e) => [e.sequence, e.event_id, e.event_type]),
      events.map((e, i) => [i + 1, e.event_id, e.event_type]),
    );
    const [first, second] = page.body.events;
    assert.equal(first?.prev_hash, GENESIS_HASH);
    assert.equal(second?.prev_hash, first?.hash);
    assert.match(first?.hash ?? '', /^[0-9a-f]{64}$/);
    const { sequence: _s, prev_hash: _p, hash: _h, ...stored } = second!;
    assert.deepEqual(stored, events[1]);
    assert.equal(page.body.next_after_sequence, 3);
  });

  it('continues the numbering with the next batch and pages with limit and after_sequence', async () => {
    const reply = await postBatch(audit.url, batchBody(requestEvents(randomUUID())));
    assert.deepEqual(reply.body, { accepted: 3, duplicates: 0, rejected: [], first_sequence: 4, last_sequence: 6 });

    const page = await getJson<Page>(`${audit.url}/v1/events?limit=2&after_sequence=3`);
    assert.deepEqual(
      page.body.events.map((e) => e.sequence),
      [4, 5],
    );
    assert.equal(page.body.next_after_sequence, 5);
    const rest = await getJson<Page>(`${audit.url}/v1/events?after_sequence=5`);
    assert.deepEqual(
      rest.body.events.map((e) => e.sequence),
      [6],
    );
    const past = await getJson<Page>(`${audit.url}/v1/events?after_sequence=6`);
    assert.deepEqual(past.body, { events: [], next_after_sequence: 6 });
  });

  for (const query of ['limit=0', 'limit=1001', 'limit=abc', 'after_sequence=-1', 'limit=1.5', 'cursor=3']) {
    it(`answers 400 to ?${query}`, async () => {
      const reply = await getJson(`${audit.url}/v1/events?${query}`);
      assert.equal(reply.status, 400);
      assert.equal((reply.body.error as { code: string }).code, 'invalid_request');
    });
  }

  it('answers /healthz without a key', async () => {
    const response = await fetch(`${audit.url}/healthz`);
    assert.deepEqual([response.status, await response.json()], [200, { status: 'ok' }]);
  });
});
