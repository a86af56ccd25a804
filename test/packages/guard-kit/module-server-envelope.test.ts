import assert from 'node:assert/strict';
import { ModuleRequestError, startModuleServer, type ModuleServer } from '@sluice/guard-kit';

describe('guard module server: every failure in the service envelope, as the contract has it', () => {
  let server: ModuleServer;
  const failures: unknown[] = [];
  before(async () => {
    server = await startModuleServer({
      listen: '127.0.0.1:0',
      apiKey: 'k',
      maxBodyBytes: 64,
      onError: (error) => failures.push(error),
      routes: {
        '/v1/scan': (body) => {
          if (body.crash === true) throw new Error('secret detail at /srv/engine.js:1:1');
          if (body.bad === true) throw new ModuleRequestError(422, 'invalid_request', 'messages must be an array.');
          return { allowed: true };
        },
      },
    });
  });
  after(() => server.close());

  const send = (init: RequestInit & { path?: string } = {}) =>
    fetch(`${server.url}${init.path ?? '/v1/scan'}`, {
      method: 'POST',
      ...init,
      headers: { 'content-type': 'application/json', 'x-api-key': 'k', ...(init.headers as Record<string, string>) },
    });

  async function wire(response: Response): Promise<[number, string]> {
    return [response.status, await response.text()];
  }

  it('answers the route with its reply', async () => {
    assert.deepEqual(await wire(await send({ body: '{}' })), [200, '{"allowed":true}']);
  });

  it('answers each refusal with the same bodies as before', async () => {
    assert.deepEqual(await wire(await send({ path: '/v1/other', body: '{}' })), [
      404,
      '{"error":{"code":"not_found","message":"No such route."}}',
    ]);
    assert.deepEqual(await wire(await fetch(`${server.url}/v1/scan`)), [
      405,
      '{"error":{"code":"method_not_allowed","message":"Use POST."}}',
    ]);
    assert.deepEqual(await wire(await send({ body: '{}', headers: { 'x-api-key': 'wrong' } })), [
      401,
      '{"error":{"code":"unauthenticated","message":"A valid x-api-key is required."}}',
    ]);
    assert.deepEqual(await wire(await send({ body: JSON.stringify({ text: 'x'.repeat(100) }) })), [
      400,
      '{"error":{"code":"too_large","message":"The body is larger than 64 bytes."}}',
    ]);
    assert.deepEqual(await wire(await send({ body: '{"a":' })), [
      400,
      '{"error":{"code":"invalid_json","message":"The body is not valid JSON."}}',
    ]);
    assert.deepEqual(await wire(await send({ body: '[1]' })), [
      422,
      '{"error":{"code":"invalid_request","message":"The body must be a JSON object."}}',
    ]);
    assert.deepEqual(await wire(await send({ body: '{"bad":true}' })), [
      422,
      '{"error":{"code":"invalid_request","message":"messages must be an array."}}',
    ]);
  });

  it('answers a failure of the route 500 internal, never its message, telling onError', async () => {
    assert.deepEqual(await wire(await send({ body: '{"crash":true}' })), [
      500,
      '{"error":{"code":"internal","message":"The module failed to handle the request."}}',
    ]);
    assert.equal(failures.length, 1);
  });
});
