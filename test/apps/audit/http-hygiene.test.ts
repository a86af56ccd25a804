import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { API_KEY, batchBody, getJson, requestEvents, startAudit, type AuditUnderTest } from './audit-under-test.js';

describe('audit: HTTP hygiene', () => {
  let audit: AuditUnderTest;
  before(async () => {
    audit = await startAudit({ timeouts: { headerMs: 300, requestMs: 600 } });
  });
  after(() => audit.dispose());

  const post = (contentType: string | undefined) =>
    fetch(`${audit.url}/v1/events/batch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, ...(contentType === undefined ? {} : { 'content-type': contentType }) },
      body: new TextEncoder().encode(JSON.stringify(batchBody(requestEvents()))),
    });

  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined]) {
    it(`answers 415 with the audit envelope to a batch sent as ${type ?? 'no content type'}, storing nothing`, async () => {
      const response = await post(type);
      assert.equal(response.status, 415);
      const body = (await response.json()) as { error: { code: string; message: string } };
      assert.equal(body.error.code, 'unsupported_media_type');
      assert.match(body.error.message, /Content-Type must be application\/json/);
      const page = await getJson<{ events: unknown[] }>(`${audit.url}/v1/events`);
      assert.deepEqual(page.body.events, []);
    });
  }

  it('takes application/json with parameters', async () => {
    assert.equal((await post('application/json; charset=utf-8')).status, 200);
  });

  it('closes a connection whose headers never finish, answering 408', async () => {
    const { port, hostname } = new URL(audit.url);
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.write('GET /healthz HTTP/1.1\r\nHost: audit\r\n');
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      socket.once('close', () => resolve());
      setTimeout(() => reject(new Error('still open after 5 s')), 5_000).unref();
    });
    assert.ok(performance.now() - started < 5_000);
    assert.match(Buffer.concat(received).toString(), /^HTTP\/1\.1 408/);
  });

  it('counts refusals and timeouts on GET /metrics', async () => {
    const families = parsePrometheusText(await (await fetch(`${audit.url}/metrics`)).text());
    // Every refusal and the 408 above: the suite's tests run in order on one module.
    assert.equal(sampleValue(families, 'audit_http_requests_refused_total', { reason: 'unsupported_media_type' }), 4);
    assert.equal(sampleValue(families, 'audit_http_connections_timed_out_total', { phase: 'headers' }), 1);
  });
});
