import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { serveModule, ServiceHttpError, type ServedModule } from '@sluice/module-server';

type Envelope = { error: { code: string; message: string; details?: unknown } };

const METRIC_NAMES = {
  refused: 'test_module_http_requests_refused_total',
  timedOut: 'test_module_http_connections_timed_out_total',
};

describe('module server: routes, errors and the drain on stop', () => {
  let module: ServedModule;
  let errors: unknown[];
  /** While set, GET /v1/slow tells `arrived` and waits for `held`. */
  let held: Promise<void> | undefined;
  let arrived: (() => void) | undefined;
  beforeEach(async () => {
    errors = [];
    held = undefined;
    module = await serveModule({
      name: 'test module',
      listen: '127.0.0.1:0',
      maxBodyBytes: 64,
      metricNames: METRIC_NAMES,
      onError: (error) => errors.push(error),
      endpoints: [
        { method: 'POST', path: '/v1/echo', handle: async ({ readJson }) => ({ echoed: await readJson() }) },
        { method: 'GET', path: /\/v1\/items\/([^/]+)/, handle: ({ params }) => ({ id: params[0] }) },
        {
          method: 'GET',
          path: '/v1/refuse',
          handle: () => {
            throw new ServiceHttpError(409, 'conflict', 'Already there.', { id: 7 });
          },
        },
        {
          method: 'GET',
          path: '/v1/crash',
          handle: () => {
            throw new Error('secret detail at /srv/module.js:1:1');
          },
        },
        {
          method: 'GET',
          path: '/v1/slow',
          handle: async () => {
            arrived?.();
            await held;
            return { done: true };
          },
        },
      ],
    });
  });
  afterEach(() => module.close());

  async function envelope(response: Response, status: number, code: string): Promise<Envelope> {
    assert.equal(response.status, status);
    assert.equal(response.headers.get('content-type'), 'application/json');
    const body = (await response.json()) as Envelope;
    assert.equal(body.error.code, code);
    assert.doesNotMatch(JSON.stringify(body), /secret|\.js:\d+/);
    return body;
  }

  const post = (path: string, body: string, type = 'application/json') =>
    fetch(`${module.url}${path}`, { method: 'POST', headers: { 'content-type': type }, body });

  it('serves JSON routes, patterns with their parameters, /healthz and /metrics', async () => {
    assert.deepEqual(await (await post('/v1/echo', '{"a":1}')).json(), { echoed: { a: 1 } });
    assert.deepEqual(await (await fetch(`${module.url}/v1/items/abc?x=1`)).json(), { id: 'abc' });
    assert.deepEqual(await (await fetch(`${module.url}/healthz`)).json(), { status: 'ok' });
    assert.match(await (await fetch(`${module.url}/metrics`)).text(), /test_module_http_requests_refused_total/);
  });

  it('answers every refusal in the service envelope', async () => {
    assert.equal((await envelope(await fetch(`${module.url}/nowhere`), 404, 'not_found')).error.message, 'No such route.');
    assert.equal((await envelope(await fetch(`${module.url}/v1/echo`), 405, 'method_not_allowed')).error.message, 'Use POST.');
    await envelope(await post('/v1/echo', '{"a":1}', 'text/plain'), 415, 'unsupported_media_type');
    await envelope(await post('/v1/echo', '{"a":'), 400, 'invalid_json');
    const large = await post('/v1/echo', JSON.stringify({ text: 'x'.repeat(100) }));
    assert.equal(large.headers.get('connection'), 'close');
    await envelope(large, 413, 'too_large');
    const refused = await envelope(await fetch(`${module.url}/v1/refuse`), 409, 'conflict');
    assert.deepEqual(refused.error, { code: 'conflict', message: 'Already there.', details: { id: 7 } });
  });

  it('answers anything else thrown with 500 internal, telling onError', async () => {
    const body = await envelope(await fetch(`${module.url}/v1/crash`), 500, 'internal');
    assert.equal(body.error.message, 'The test module failed to handle the request.');
    assert.equal(errors.length, 1);
  });

  it('lets a request in flight finish on close, answering a request that arrives meanwhile 503 unavailable', async () => {
    let release!: () => void;
    held = new Promise<void>((resolve) => (release = resolve));
    const there = new Promise<void>((resolve) => (arrived = resolve));
    const slow = fetch(`${module.url}/v1/slow`);
    await there;
    // A connection whose request has begun is not idle: it stays open through the drain.
    const late = connect(Number(new URL(module.url).port), '127.0.0.1');
    await once(late, 'connect');
    late.write('GET /healthz HTTP/1.1\r\nHost: module\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = module.close();
    assert.equal(module.closing, true);
    late.write('\r\n');
    let reply = '';
    late.on('data', (chunk: Buffer) => (reply += chunk.toString('utf8')));
    await once(late, 'close');
    assert.match(reply, /^HTTP\/1\.1 503 /);
    assert.match(reply, /connection: close/i);
    assert.match(reply, /"code":"unavailable"/);
    release();
    const answer = await slow;
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { done: true });
    await closed;
  });
});
