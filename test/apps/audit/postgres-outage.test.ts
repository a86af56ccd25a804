import assert from 'node:assert/strict';
import { startAuditServer, type AuditServer } from '@sluice/audit';
import { startFaultProxy, pass, refuse, reset, type FaultProxy } from '../../fixtures/fault-proxy.js';
import { describePostgres } from '../../fixtures/postgres.js';
import { API_KEY, batchBody, getJson, postBatch, requestEvents } from './audit-under-test.js';

/**
 * PostgreSQL that stops answering while the module runs (cut off behind a fault proxy): a write or a read
 * is 503 `unavailable`, which the gateway's audit sink retries, never a 500; nothing half-written stays,
 * and the module serves again once PostgreSQL answers.
 */
describePostgres('audit module on PostgreSQL when PostgreSQL stops answering', (postgres) => {
  let proxy: FaultProxy;
  let audit: AuditServer;

  beforeEach(async () => {
    const direct = new URL(await postgres.database());
    proxy = await startFaultProxy(direct.hostname, Number(direct.port || 5432));
    direct.host = `${proxy.host}:${proxy.port}`;
    audit = await startAuditServer({ listen: '127.0.0.1:0', store: direct.href, apiKey: API_KEY });
  });
  afterEach(async () => {
    await audit?.close();
    await proxy?.close();
  });

  for (const fault of [refuse, reset]) {
    it(`answers 503 unavailable while its connections are ${fault.kind === 'refuse' ? 'refused' : 'reset'}, and serves again after`, async () => {
      const first = await postBatch(audit.url, batchBody(requestEvents()));
      assert.equal(first.status, 200);
      await proxy.set(fault);
      const write = await postBatch(audit.url, batchBody(requestEvents()));
      assert.equal(write.status, 503, JSON.stringify(write.body));
      assert.deepEqual(write.body, { error: { code: 'unavailable', message: 'The audit store does not answer; retry later.' } });
      const read = await getJson(`${audit.url}/v1/events`);
      assert.equal(read.status, 503, JSON.stringify(read.body));
      await proxy.set(pass);
      const again = await postBatch(audit.url, batchBody(requestEvents()));
      assert.equal(again.status, 200, JSON.stringify(again.body));
      const events = await getJson<{ events: { sequence: number }[] }>(`${audit.url}/v1/events`);
      assert.deepEqual(
        events.body.events.map((e) => e.sequence),
        [1, 2, 3, 4, 5, 6],
        'the first and the last batch, numbered without a gap',
      );
    });
  }
});
