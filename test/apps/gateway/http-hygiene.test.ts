import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway } from '@sluice/gateway';
import { pino } from 'pino';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { chatCompletion } from '../../fixtures/openai-bodies.js';
import { eventually, neverReading, rawPost, slowBody, slowHeaders } from '../../packages/host/slow-clients.js';
import { startGateway, type GatewayUnderTest } from './gateway-under-test.js';

const CHAT = '/v1/chat/completions';
const REQUEST = JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'hello' }] });
/** A request of its own, so that no cached answer stands in for the large one. */
const request = (content: string, extra: object = {}) =>
  JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content }], ...extra });

/** One second for headers, the whole request and a stalled write; the upstream may take ten. */
function config(upstreamBaseUrl: string): string {
  return `
upstream_base_url ${upstreamBaseUrl};
upstream_api_key dummy;
upstream_timeout_seconds 10;
model_price test-model 1.0 2.0;
log_level silent;
streaming_enabled on;
max_stream_upstream_bytes 64MiB;
client_header_timeout_seconds 1;
client_request_timeout_seconds 1;
send_timeout_seconds 1;
`;
}

function counted(metrics: string, name: string, label: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`${name}{${label}}`));
  return line === undefined ? Number.NaN : Number(line.split(' ').pop());
}

describe('gateway: HTTP hygiene (content type, connection timeouts)', function () {
  this.timeout(30_000);
  let upstream: FakeUpstream;
  let gw: GatewayUnderTest;
  before(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway(config(upstream.baseUrl));
  });
  after(async () => {
    await gw?.close();
    await upstream?.close();
  });
  afterEach(() => upstream.reset());

  const timedOut = async (phase: string) =>
    counted(await gw.metricsText(), 'gw_http_connections_timed_out_total', `phase="${phase}"`);
  const refused = async () =>
    counted(await gw.metricsText(), 'gw_http_requests_refused_total', 'reason="unsupported_media_type"');

  for (const type of [
    undefined,
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=b',
  ]) {
    it(`answers 415 unsupported_media_type to a chat request with Content-Type ${type ?? 'missing'}, counted`, async () => {
      const before = await refused();
      const reply = await fetch(`${gw.url}${CHAT}`, {
        method: 'POST',
        body: new TextEncoder().encode(REQUEST),
        headers: type === undefined ? {} : { 'content-type': type },
      });
      assert.equal(reply.status, 415);
      const body = (await reply.json()) as { error: Record<string, unknown> };
      assert.equal(body.error.code, 'unsupported_media_type');
      assert.equal(body.error.type, 'invalid_request_error');
      assert.equal(body.error.param, null);
      assert.equal(typeof body.error.message, 'string');
      assert.equal(upstream.calls.length, 0, 'the upstream is not called');
      assert.equal(await refused(), before + 1);
    });
  }

  for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
    it(`serves a chat request with Content-Type ${type}`, async () => {
      const reply = await fetch(`${gw.url}${CHAT}`, { method: 'POST', body: REQUEST, headers: { 'content-type': type } });
      assert.equal(reply.status, 200);
    });
  }

  it('closes a connection whose headers stop coming within the header timeout, counted', async () => {
    const before = await timedOut('headers');
    const ending = await slowHeaders(gw.url, 6000);
    assert.ok(ending.closedAfterMs < 2500, `closed after ${ending.closedAfterMs} ms`);
    assert.match(ending.received, /^HTTP\/1\.1 408 /);
    assert.equal(await timedOut('headers'), before + 1);
  });

  it('closes a connection whose body stops coming within the request timeout, counted', async () => {
    const before = await timedOut('body');
    const ending = await slowBody(gw.url, CHAT, 6000);
    assert.ok(ending.closedAfterMs < 2500, `closed after ${ending.closedAfterMs} ms`);
    assert.equal(await timedOut('body'), before + 1);
    assert.equal(upstream.calls.length, 0);
  });

  it('drops a client that never reads a large answer after the send timeout, counted', async () => {
    const answer = chatCompletion({ model: 'test-model', messages: [{ role: 'user', content: 'x' }] });
    answer.choices[0]!.message.content = 'a'.repeat(48 * 1024 * 1024);
    upstream.behave({ kind: 'status', status: 200, body: answer });
    const before = await timedOut('send');
    const client = await neverReading(gw.url, rawPost(CHAT, request('large answer')));
    await eventually(async () => (await timedOut('send')) === before + 1, 10_000, 'the send timeout');
    const read = await client.resume(5000);
    assert.ok(read < 48 * 1024 * 1024, `read ${read} bytes`);
  });

  it('drops a client that never reads a large replayed stream after the send timeout', async () => {
    upstream.behave({ kind: 'stream', content: { huge: 24 * 1024 * 1024 } });
    const before = await timedOut('send');
    const client = await neverReading(gw.url, rawPost(CHAT, request('large stream', { stream: true })));
    await eventually(async () => (await timedOut('send')) === before + 1, 15_000, 'the send timeout');
    await client.resume(5000);
  });

  it('answers when the upstream takes 3 s, longer than every client timeout', async () => {
    upstream.behave({ kind: 'delay', ms: 3000 });
    const started = Date.now();
    const completion = await gw.client.chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'slow' }],
    });
    assert.ok(Date.now() - started >= 2900);
    assert.equal(completion.choices[0]?.message.content, 'echo: slow');
  });
});

describe('gateway: connection timeouts on reload', () => {
  it('keeps the timeouts it listens with, and says so when a reload changes them', async () => {
    const upstream = await startFakeUpstream();
    const dir = await mkdtemp(join(tmpdir(), 'sluice-timeouts-'));
    const file = join(dir, 'gateway.conf');
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const conf = (seconds: number) =>
      `upstream_base_url ${upstream.baseUrl};\nupstream_api_key dummy;\nmodel_price test-model 1.0 2.0;\nclient_header_timeout_seconds ${seconds};\n`;
    await writeFile(file, conf(1));
    const gateway = await Gateway.fromFile(file, { logger });
    try {
      const { url } = await gateway.listen('127.0.0.1:0');
      await writeFile(file, conf(30));
      assert.equal(await gateway.reload(), true);
      assert.ok(
        lines.some((line) => line.includes('need a restart')),
        lines.join(''),
      );
      const ending = await slowHeaders(url, 6000);
      assert.ok(ending.closedAfterMs < 2500, `closed after ${ending.closedAfterMs} ms`);
    } finally {
      await gateway.shutdown();
      await upstream.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
