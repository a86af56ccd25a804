import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startModuleServer, type ModuleServer } from '@sluice/guard-kit';
import { callGuard, GuardCallError } from '@sluice/guard-kit';

describe('core: a guard module call and the module server', () => {
  let module: ModuleServer;
  const seen: unknown[] = [];
  before(async () => {
    module = await startModuleServer({
      listen: '127.0.0.1:0',
      apiKey: 'right-key',
      routes: {
        '/v1/scan': (body) => {
          seen.push(body);
          return { allowed: true, echo: body.n };
        },
        '/v1/fail': () => {
          throw new Error('engine bug with secret text');
        },
      },
    });
  });
  after(async () => module.close());

  const call = (path: string, body: unknown, apiKey = 'right-key', timeoutMs = 2000) =>
    callGuard({ baseUrl: module.url, apiKey, timeoutMs }, path, body);

  it('posts JSON with the key and returns the reply', async () => {
    assert.deepEqual(await call('/v1/scan', { n: 7 }), { allowed: true, echo: 7 });
    assert.deepEqual(seen.at(-1), { n: 7 });
  });

  it('classifies a wrong key as refused, with the status', async () => {
    const failure = await call('/v1/scan', {}, 'wrong-key').catch((e: unknown) => e);
    assert.ok(failure instanceof GuardCallError);
    assert.equal(failure.kind, 'refused');
    assert.equal(failure.status, 401);
  });

  it('classifies a body the module cannot take as a contract problem, and a module fault as unavailable', async () => {
    const server = await startModuleServer({ listen: '127.0.0.1:0', apiKey: '', routes: { '/v1/scan': () => ({}) } });
    try {
      const notObject = await callGuard({ baseUrl: server.url, apiKey: '', timeoutMs: 2000 }, '/v1/scan', [1, 2]).catch(
        (e: unknown) => e,
      );
      assert.equal((notObject as GuardCallError).kind, 'contract');
    } finally {
      await server.close();
    }
    const fault = await call('/v1/fail', {}).catch((e: unknown) => e);
    assert.equal((fault as GuardCallError).kind, 'unavailable');
    assert.equal((fault as GuardCallError).status, 500);
    assert.doesNotMatch(JSON.stringify((fault as GuardCallError).body), /secret text|at /);
  });

  it('classifies no answer in time as a timeout and a closed port as unavailable', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const slow = await callGuard({ baseUrl: `http://127.0.0.1:${port}`, apiKey: '', timeoutMs: 100 }, '/v1/scan', {}).catch(
        (e: unknown) => e,
      );
      assert.equal((slow as GuardCallError).kind, 'timeout');
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    const closed = await callGuard({ baseUrl: `http://127.0.0.1:${port}`, apiKey: '', timeoutMs: 1000 }, '/v1/scan', {}).catch(
      (e: unknown) => e,
    );
    assert.equal((closed as GuardCallError).kind, 'unavailable');
  });

  it('answers unknown routes, wrong methods and bad JSON with the error envelope', async () => {
    const notFound = await fetch(`${module.url}/v1/nope`, { method: 'POST', body: '{}' });
    assert.equal(notFound.status, 404);
    const wrongMethod = await fetch(`${module.url}/v1/scan`);
    assert.equal(wrongMethod.status, 405);
    const badJson = await fetch(`${module.url}/v1/scan`, {
      method: 'POST',
      headers: { 'x-api-key': 'right-key', 'content-type': 'application/json' },
      body: '{',
    });
    assert.equal(badJson.status, 400);
    assert.equal(((await badJson.json()) as { error: { code: string } }).error.code, 'invalid_json');
  });
});
