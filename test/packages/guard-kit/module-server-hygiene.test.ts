import assert from 'node:assert/strict';
import { startModuleServer, type ModuleServer } from '@sluice/guard-kit';
import type { ConnectionTimeoutPhase } from '@sluice/host';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { eventually, neverReading, rawPost, slowBody, slowHeaders } from '../host/slow-clients.js';

const BIG = 'a'.repeat(48 * 1024 * 1024);

describe('guard module server: HTTP hygiene (content type, connection timeouts)', function () {
  this.timeout(20_000);
  const phases: ConnectionTimeoutPhase[] = [];
  const refusals: string[] = [];
  let scans = 0;
  let server: ModuleServer;
  before(async () => {
    server = await startModuleServer({
      listen: '127.0.0.1:0',
      apiKey: '',
      routes: {
        '/v1/scan': () => {
          scans += 1;
          return { action: 'allow', findings: [] };
        },
        '/v1/big': () => ({ text: BIG }),
        '/v1/slow': async () => {
          await new Promise((resolve) => setTimeout(resolve, 3000));
          return { action: 'allow', findings: [] };
        },
      },
      timeouts: { headerMs: 1000, requestMs: 1000, sendMs: 1000 },
      onTimeout: (phase) => phases.push(phase),
      onRefused: (reason) => refusals.push(reason),
    });
  });
  after(() => server?.close());
  beforeEach(() => {
    phases.length = 0;
    refusals.length = 0;
  });

  for (const type of [undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=b']) {
    it(`answers 415 unsupported_media_type to Content-Type ${type ?? 'missing'}, without running the route`, async () => {
      const before = scans;
      const reply = await fetch(`${server.url}/v1/scan`, {
        method: 'POST',
        headers: type === undefined ? {} : { 'content-type': type },
        body: new TextEncoder().encode('{"messages":[]}'),
      });
      assert.equal(reply.status, 415);
      const body = (await reply.json()) as { error: Record<string, unknown> };
      assert.deepEqual(Object.keys(body.error).sort(), ['code', 'message']);
      assert.equal(body.error.code, 'unsupported_media_type');
      assert.equal(scans, before);
      assert.deepEqual(refusals, ['unsupported_media_type']);
    });
  }

  it('serves application/json; charset=utf-8', async () => {
    const reply = await fetch(`${server.url}/v1/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"messages":[]}',
    });
    assert.equal(reply.status, 200);
  });

  it('closes slow headers and a slow body within the timeouts', async () => {
    assert.ok((await slowHeaders(server.url, 5000)).closedAfterMs < 2500);
    assert.ok((await slowBody(server.url, '/v1/scan', 5000)).closedAfterMs < 2500);
    assert.deepEqual(phases, ['headers', 'body']);
  });

  it('drops a client that never reads a large answer after the send timeout', async () => {
    const client = await neverReading(server.url, rawPost('/v1/big', '{}'));
    await eventually(() => phases.includes('send'), 8000, 'the send timeout');
    assert.ok((await client.resume(5000)) < BIG.length);
  });

  it('counts refusals and timeouts on GET /metrics, asking no key', async () => {
    const count = async (name: string, labels: Record<string, string>) => {
      const reply = await fetch(`${server.url}/metrics`);
      assert.equal(reply.status, 200);
      return sampleValue(parsePrometheusText(await reply.text()), name, labels) ?? Number.NaN;
    };
    const refused = await count('guard_module_http_requests_refused_total', { reason: 'unsupported_media_type' });
    const headers = await count('guard_module_http_connections_timed_out_total', { phase: 'headers' });
    await fetch(`${server.url}/v1/scan`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
    await slowHeaders(server.url, 5000);
    assert.equal(await count('guard_module_http_requests_refused_total', { reason: 'unsupported_media_type' }), refused + 1);
    assert.equal(await count('guard_module_http_connections_timed_out_total', { phase: 'headers' }), headers + 1);
  });

  it('answers a route that takes 3 s, longer than every timeout', async () => {
    const reply = await fetch(`${server.url}/v1/slow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(reply.status, 200);
    assert.deepEqual(phases, []);
  });
});
