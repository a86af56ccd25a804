import assert from 'node:assert/strict';
import { completion, kernelUnderTest } from '../../core/kernel-under-test.js';
import { mount } from './mounted-kernel.js';

describe('host: POST bodies must be JSON (chat completions and plugin POST routes)', () => {
  const { kernel } = kernelUnderTest();
  kernel.hooks.upstream.tapPromise('u', async () => completion());
  let purged = 0;
  kernel.route({
    method: 'POST',
    path: '/v1/purge',
    plugin: 'stub',
    handle: async () => {
      purged += 1;
      return { status: 200, body: { ok: true } };
    },
  });
  let server: Awaited<ReturnType<typeof mount>>;
  before(async () => {
    server = await mount(kernel);
  });
  after(() => server.close());

  const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
  const send = (path: string, type: string | undefined, payload: string | undefined = body) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: type === undefined ? {} : { 'content-type': type },
      ...(payload === undefined ? {} : { body: new TextEncoder().encode(payload) }),
    });

  const REFUSED = [undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=b'];
  for (const type of REFUSED) {
    it(`answers 415 to a chat request with Content-Type ${type ?? 'missing'}`, async () => {
      const reply = await send('/v1/chat/completions', type);
      assert.equal(reply.status, 415);
      const envelope = (await reply.json()) as { error: Record<string, unknown> };
      assert.deepEqual(Object.keys(envelope.error).sort(), ['code', 'message', 'param', 'type']);
      assert.equal(envelope.error.code, 'unsupported_media_type');
    });

    it(`answers 415 to a plugin POST route with Content-Type ${type ?? 'missing'}, without running it`, async () => {
      const before = purged;
      const reply = await send('/v1/purge', type, undefined);
      assert.equal(reply.status, 415);
      assert.equal(((await reply.json()) as { error: { code: string } }).error.code, 'unsupported_media_type');
      assert.equal(purged, before);
    });
  }

  it('serves a chat request with Content-Type application/json; charset=utf-8', async () => {
    assert.equal((await send('/v1/chat/completions', 'application/json; charset=utf-8')).status, 200);
  });

  it('runs a plugin POST route sent as JSON', async () => {
    const reply = await send('/v1/purge', 'application/json', undefined);
    assert.equal(reply.status, 200);
  });
});
