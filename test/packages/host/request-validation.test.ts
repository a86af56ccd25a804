import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { completion, kernelUnderTest } from '../../core/kernel-under-test.js';
import { mount, post } from './mounted-kernel.js';

type Envelope = { error: { code: string; message: string; type: string; param: null } };

describe('host: request validation', () => {
  const { kernel, events } = kernelUnderTest();
  kernel.hooks.upstream.tapPromise('u', async () => completion());
  let server: Awaited<ReturnType<typeof mount>>;
  let url: string;
  before(async () => {
    server = await mount(kernel, { maxBodyBytes: 1024 });
    url = `${server.url}/v1/chat/completions`;
  });
  after(() => server.close());

  async function expectError(response: Response, status: number, code: string, traced = true): Promise<Envelope> {
    assert.equal(response.status, status);
    const body = (await response.json()) as Envelope;
    assert.equal(body.error.code, code);
    assert.equal(body.error.param, null);
    assert.doesNotMatch(JSON.stringify(body), /\s+at\s.+:\d+:\d+/);
    if (traced) assert.match(response.headers.get('x-sluice-trace-id') ?? '', /^[0-9a-f-]{36}$/);
    return body;
  }

  it('answers invalid JSON with 400 invalid_json', async () => expectError(await post(url, '{"model":'), 400, 'invalid_json'));
  it('answers an empty body with 400 invalid_json', async () => expectError(await post(url, ''), 400, 'invalid_json'));
  it('answers a non-JSON content type with 415', async () =>
    expectError(await post(url, 'a=b', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'unsupported_media_type'));

  it('answers a body over the limit with 413, declared or chunked', async () => {
    const big = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x'.repeat(2000) }] });
    await expectError(await post(url, big), 413, 'request_too_large');
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        url,
        { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 4; i += 1) req.write('x'.repeat(500));
      req.end();
    });
    assert.equal(status, 413);
  });

  it('names the missing or wrong field', async () => {
    assert.match(
      (await expectError(await post(url, '{"messages":[{"role":"user","content":"x"}]}'), 400, 'invalid_request')).error.message,
      /model/,
    );
    assert.match(
      (await expectError(await post(url, '{"model":"m","messages":[]}'), 400, 'invalid_request')).error.message,
      /messages/,
    );
    assert.match(
      (await expectError(await post(url, '{"model":"m","messages":[{"content":"x"}]}'), 400, 'invalid_request')).error.message,
      /messages\.0/,
    );
    await expectError(await post(url, '[1,2]'), 400, 'invalid_request');
  });

  it('refuses stream: true with 422 streaming_disabled', async () =>
    expectError(
      await post(url, '{"model":"m","stream":true,"messages":[{"role":"user","content":"x"}]}'),
      422,
      'streaming_disabled',
    ));

  it('answers GET on the chat route with the 405 envelope', async () =>
    expectError(await fetch(url), 405, 'method_not_allowed', false));

  it('emits the received/failed pair for every refused request', () => {
    const received = events.filter((e) => e.event_type === 'request.received').length;
    const failed = events.filter((e) => e.event_type === 'request.failed').length;
    assert.ok(received > 0);
    assert.equal(failed, received);
  });
});
