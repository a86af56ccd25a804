import assert from 'node:assert/strict';
import { eventually, neverReading, rawPost, slowBody, slowHeaders } from '../../packages/host/slow-clients.js';
import { assertServiceError, axis, startService, type Reply, type ServiceUnderTest } from './service-under-test.js';

const ANSWER_BYTES = 40 * 1024 * 1024;

/** A POST as a browser could send it: the body as bytes, so no Content-Type is added unless given. */
async function browserPost(url: string, body: string | undefined, headers: Record<string, string>): Promise<Reply> {
  const response = await fetch(url, {
    method: 'POST',
    headers,
    ...(body === undefined ? {} : { body: new TextEncoder().encode(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the assertions say so
  }
  return { status: response.status, body: parsed, text, headers: response.headers };
}

function counted(metrics: string, name: string, label: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`${name}{${label}}`));
  return line === undefined ? Number.NaN : Number(line.split(' ').pop());
}

describe('vector-cache: HTTP hygiene (content type, connection timeouts)', function () {
  this.timeout(30_000);
  let svc: ServiceUnderTest;
  before(async () => {
    svc = await startService({
      SVC_CLIENT_HEADER_TIMEOUT_SECS: '1',
      SVC_CLIENT_REQUEST_TIMEOUT_SECS: '1',
      SVC_SEND_TIMEOUT_SECS: '1',
      SVC_MAX_BODY_BYTES: String(64 * 1024 * 1024),
      SVC_ALLOW_METRICS_WITHOUT_AUTH: '1',
    });
  });
  after(async () => svc?.close());

  const metric = async (name: string, label: string) => counted((await svc.get('/metrics')).text, name, label);
  const refused = () => metric('svc_http_requests_refused_total', 'reason="unsupported_media_type"');
  const timedOut = (phase: string) => metric('svc_http_connections_timed_out_total', `phase="${phase}"`);
  const entry = JSON.stringify({ ext_id: 1, vector: axis(0), answer: 'the answer' });

  for (const type of [undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=b']) {
    it(`refuses an insert with Content-Type ${type ?? 'missing'}: 415, nothing stored, counted`, async () => {
      const before = await refused();
      const reply = await browserPost(`${svc.service.url}/v1/insert`, entry, type === undefined ? {} : { 'content-type': type });
      assertServiceError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type');
      assert.equal(await svc.service.store.count(), 0);
      assert.equal(await refused(), before + 1);
    });
  }

  for (const route of ['/v1/snapshot/save', '/v1/snapshot/load', '/v1/answers/save', '/v1/answers/load']) {
    it(`refuses an empty POST ${route} without a JSON Content-Type or a key header (a cross-site form or fetch)`, async () => {
      for (const headers of [{}, { 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }]) {
        assertServiceError(await browserPost(`${svc.service.url}${route}`, undefined, headers), 415, 'UNSUPPORTED_MEDIA_TYPE');
      }
    });
  }

  it('takes an empty POST /v1/snapshot/save with a JSON Content-Type, or with a key header', async () => {
    const url = `${svc.service.url}/v1/snapshot/save`;
    assert.equal((await browserPost(url, undefined, { 'content-type': 'application/json' })).status, 200);
    assert.equal((await browserPost(url, undefined, { 'x-svc-key': 'any' })).status, 200);
  });

  it('closes a connection whose headers stop coming, counted', async () => {
    const before = await timedOut('headers');
    const ending = await slowHeaders(svc.service.url, 6000);
    assert.ok(ending.closedAfterMs < 2500, `closed after ${ending.closedAfterMs} ms`);
    assert.equal(await timedOut('headers'), before + 1);
  });

  it('closes a connection whose body stops coming, counted', async () => {
    const before = await timedOut('body');
    const ending = await slowBody(svc.service.url, '/v1/insert', 6000);
    assert.ok(ending.closedAfterMs < 2500, `closed after ${ending.closedAfterMs} ms`);
    assert.equal(await timedOut('body'), before + 1);
  });

  it('drops a client that never reads a large answer after the send timeout, counted', async () => {
    const large = JSON.stringify({ ext_id: 7, vector: axis(3), answer: 'a'.repeat(ANSWER_BYTES) });
    assert.equal((await svc.send('POST', '/v1/insert', large)).status, 200);
    const before = await timedOut('send');
    const client = await neverReading(svc.service.url, rawPost('/v1/qa', JSON.stringify({ query: axis(3), k: 1 })));
    await eventually(async () => (await timedOut('send')) === before + 1, 10_000, 'the send timeout');
    const read = await client.resume(5000);
    assert.ok(read < ANSWER_BYTES, `read ${read} bytes`);
  });
});
