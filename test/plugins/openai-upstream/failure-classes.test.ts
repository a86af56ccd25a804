import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../fixtures/free-port.js';
import { startFakeUpstream, type Behaviour, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { ask, send, upstreamKernel } from './upstream-under-test.js';

const openAiError = { error: { message: 'nope', type: 'invalid_request_error', param: null, code: 'nope' } };

describe('openai-upstream: failure classes', () => {
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(() => upstream.close());

  const cases: { name: string; behaviour: Behaviour; code: string; status: number; passthrough: boolean }[] = [
    {
      name: '401 with a JSON error',
      behaviour: { kind: 'status', status: 401, body: openAiError },
      code: 'upstream_authentication_error',
      status: 401,
      passthrough: true,
    },
    {
      name: '403 with a JSON error',
      behaviour: { kind: 'status', status: 403, body: openAiError },
      code: 'upstream_authentication_error',
      status: 403,
      passthrough: true,
    },
    {
      name: '404 with a JSON error',
      behaviour: { kind: 'status', status: 404, body: openAiError },
      code: 'upstream_not_found',
      status: 404,
      passthrough: true,
    },
    {
      name: '429 with a JSON error',
      behaviour: { kind: 'status', status: 429, body: openAiError, headers: { 'retry-after': '1' } },
      code: 'upstream_rate_limited',
      status: 429,
      passthrough: true,
    },
    {
      name: '400 with a JSON error',
      behaviour: { kind: 'status', status: 400, body: openAiError },
      code: 'upstream_bad_request',
      status: 400,
      passthrough: true,
    },
    {
      name: '404 with a plain-text body',
      behaviour: { kind: 'status', status: 404, body: 'Not Found' },
      code: 'upstream_not_found',
      status: 502,
      passthrough: false,
    },
    {
      name: '500 with a JSON error',
      behaviour: { kind: 'status', status: 500, body: openAiError },
      code: 'upstream_server_error',
      status: 502,
      passthrough: false,
    },
    {
      name: '503 with HTML',
      behaviour: { kind: 'status', status: 503, body: '<html>down</html>' },
      code: 'upstream_server_error',
      status: 502,
      passthrough: false,
    },
    {
      name: '200 that is not a completion',
      behaviour: { kind: 'status', status: 200, body: { hello: 'world' } },
      code: 'upstream_invalid_response',
      status: 502,
      passthrough: false,
    },
    { name: 'a reset connection', behaviour: { kind: 'reset' }, code: 'upstream_connect_error', status: 502, passthrough: false },
  ];

  for (const c of cases) {
    it(`maps ${c.name} to ${c.code} (${c.status})`, async () => {
      upstream.behave(c.behaviour);
      const kernel = await upstreamKernel({ baseUrl: upstream.baseUrl });
      const exchange = await send(kernel, ask());
      assert.equal(exchange.error?.code, c.code);
      const reply = exchange.error!.reply();
      assert.equal(reply.status, c.status);
      if (c.passthrough) assert.deepEqual(reply.body, openAiError);
      else assert.equal((reply.body as { error: { code: string } }).error.code, c.code);
      await kernel.stop();
    });
  }

  it('times out a silent upstream with 504 and counts it', async () => {
    upstream.behave({ kind: 'hang' });
    const kernel = await upstreamKernel({ baseUrl: upstream.baseUrl, timeoutSeconds: 0.3 });
    const exchange = await send(kernel, ask());
    assert.equal(exchange.error?.code, 'upstream_timeout');
    assert.equal(exchange.error?.status, 504);
    const timeouts = (await kernel.metrics.registry.getSingleMetric('gw_upstream_timeouts_total')!.get()).values[0]?.value;
    assert.equal(timeouts, 1);
    await kernel.stop();
  });

  it('maps connection refused to upstream_connect_error', async () => {
    const kernel = await upstreamKernel({ baseUrl: `http://127.0.0.1:${await freePort()}/v1` });
    assert.equal((await send(kernel, ask())).error?.code, 'upstream_connect_error');
    await kernel.stop();
  });

  it('maps a name that does not resolve to upstream_dns_error', async () => {
    const kernel = await upstreamKernel({ baseUrl: 'http://sluice-upstream.invalid/v1', timeoutSeconds: 5 });
    assert.equal((await send(kernel, ask())).error?.code, 'upstream_dns_error');
    await kernel.stop();
  });

  it('maps an untrusted certificate to upstream_tls_error', async function () {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
        ],
        { stdio: 'ignore' },
      );
    } catch {
      console.error('SKIPPED: TLS failure class — openssl is not installed');
      this.skip();
    }
    const server = createServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (_req, res) => res.end('{}'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const kernel = await upstreamKernel({ baseUrl: `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1` });
      assert.equal((await send(kernel, ask())).error?.code, 'upstream_tls_error');
      await kernel.stop();
    } finally {
      server.close();
    }
  });

  it('records one upstream evidence event per call, without message text', async () => {
    upstream.behave({ kind: 'ok' });
    const kernel = await upstreamKernel({ baseUrl: upstream.baseUrl });
    const events: { event_type: string }[] = [];
    kernel.hooks.evidence.tap('capture', (e) => {
      events.push(e);
    });
    await send(kernel, ask('a very private question'));
    const upstreamEvents = events.filter((e) => e.event_type.startsWith('upstream.'));
    assert.equal(upstreamEvents.length, 1);
    assert.doesNotMatch(JSON.stringify(events), /private question/);
    await kernel.stop();
  });
});
