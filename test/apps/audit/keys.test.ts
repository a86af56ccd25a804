import assert from 'node:assert/strict';
import { API_KEY, batchBody, getJson, postBatch, requestEvents, startAudit, type AuditUnderTest } from './audit-under-test.js';

describe('audit: keys', () => {
  let audit: AuditUnderTest;
  before(async () => {
    audit = await startAudit();
  });
  after(() => audit.dispose());

  const assertUnauthenticated = (reply: { status: number; body: Record<string, unknown> }) => {
    assert.equal(reply.status, 401);
    assert.equal((reply.body.error as { code: string }).code, 'unauthenticated');
    assert.ok(!JSON.stringify(reply.body).includes(API_KEY), 'the key is never echoed');
  };

  for (const [name, authorization] of [
    ['a wrong Bearer key', `Bearer ${API_KEY}x`],
    ['no Bearer scheme', API_KEY],
    ['an empty Authorization header', ''],
  ] as const) {
    it(`refuses a batch with ${name} and stores nothing`, async () => {
      assertUnauthenticated(await postBatch(audit.url, batchBody(requestEvents()), authorization));
      const page = await getJson<{ events: unknown[] }>(`${audit.url}/v1/events`);
      assert.deepEqual(page.body.events, []);
    });
  }

  it('refuses the read key sent as X-API-Key on a batch (writes take Bearer)', async () => {
    const response = await fetch(`${audit.url}/v1/events/batch`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(batchBody(requestEvents())),
    });
    assert.equal(response.status, 401);
  });

  for (const path of ['/v1/events', '/v1/traces/some-trace', '/v1/export']) {
    it(`refuses GET ${path} with a wrong X-API-Key, or none`, async () => {
      assertUnauthenticated(await getJson(`${audit.url}${path}`, 'not-the-key'));
      const none = await fetch(`${audit.url}${path}`, { headers: { authorization: `Bearer ${API_KEY}` } });
      assert.equal(none.status, 401);
    });
  }

  it('accepts the right keys', async () => {
    assert.equal((await postBatch(audit.url, batchBody(requestEvents()))).status, 200);
    assert.equal((await getJson(`${audit.url}/v1/events`)).status, 200);
  });
});
