import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestHandler } from '@sluice/host';
import { kernelUnderTest } from '../../core/kernel-under-test.js';

describe('host: plugin routes with a :name segment', () => {
  const { kernel } = kernelUnderTest();
  kernel.route({
    method: 'GET',
    path: '/v1/things/:id',
    plugin: 'stub',
    handle: async ({ params }) => ({ status: 200, body: { params: params ?? null } }),
  });
  kernel.route({
    method: 'GET',
    path: '/v1/things/special',
    plugin: 'stub',
    handle: async () => ({ status: 200, body: 'exact' }),
  });
  let server: Server;
  let base: string;
  before(async () => {
    const handler = new RequestHandler({ kernel, maxBodyBytes: 1 << 20, streaming: false, prefix: '/llm' });
    server = createServer((req, res) => void handler.serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/llm`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const get = async (path: string, method = 'GET') => {
    const reply = await fetch(`${base}${path}`, { method });
    return { status: reply.status, body: (await reply.json()) as unknown };
  };

  it('hands the segment to the route, percent-decoded, whatever the query, letter case or trailing slash', async () => {
    assert.deepEqual(await get('/v1/things/resp_1?x=1'), { status: 200, body: { params: { id: 'resp_1' } } });
    assert.deepEqual((await get('/v1/things/a%2Fb')).body, { params: { id: 'a/b' } });
    assert.deepEqual((await get('/V1/Things/Mixed/')).body, { params: { id: 'Mixed' } });
  });

  it('prefers an exact path, and matches one whole segment only', async () => {
    assert.deepEqual((await get('/v1/things/special')).body, 'exact');
    assert.equal((await get('/v1/things')).status, 404);
    assert.equal((await get('/v1/things/a/b')).status, 404);
    assert.equal((await get('/v1/things/%E0%A4%A')).status, 404, 'a malformed escape matches nothing');
    assert.equal((await get('/v1/things/x', 'POST')).status, 405);
  });
});
