import assert from 'node:assert/strict';
import { verifyAuditChain } from '@sluice/audit';
import { batchBody, getJson, postBatch, requestEvents, startAudit, UNKEYED, type StoredEventReply } from './audit-under-test.js';

describe('audit: restart keeps the chain', () => {
  it('numbers on from the stored head after a restart on the same directory, and the chain verifies', async () => {
    const first = await startAudit();
    const before = requestEvents();
    await postBatch(first.url, batchBody(before));
    await first.server.close();

    const second = await startAudit({ dataDir: first.dataDir });
    try {
      // A retry of the batch sent before the restart is still known.
      const retry = await postBatch(second.url, batchBody(before));
      assert.deepEqual(retry.body, { accepted: 0, duplicates: 3, rejected: [], first_sequence: null, last_sequence: null });
      const after = await postBatch(second.url, batchBody(requestEvents()));
      assert.deepEqual(after.body, { accepted: 3, duplicates: 0, rejected: [], first_sequence: 4, last_sequence: 6 });

      const page = await getJson<{ events: StoredEventReply[] }>(`${second.url}/v1/events?after_sequence=2&limit=2`);
      const [third, fourth] = page.body.events;
      assert.equal(fourth?.sequence, 4);
      assert.equal(fourth?.prev_hash, third?.hash, 'the first event after the restart links to the last one before');
      assert.deepEqual(verifyAuditChain(first.dataDir), { ok: true, events: 6, segments: UNKEYED });
    } finally {
      await second.dispose();
    }
  });
});
