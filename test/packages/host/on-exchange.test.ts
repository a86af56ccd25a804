import assert from 'node:assert/strict';
import type { Exchange } from '@sluice/core';
import type { Context } from 'koa';
import { completion, kernelUnderTest } from '../../core/kernel-under-test.js';
import { mount, post } from './mounted-kernel.js';

type Envelope = { error: { code: string } };

describe('host: onExchange sees every chat exchange with its Koa context', () => {
  const { kernel, events } = kernelUnderTest();
  const tenantsAtUpstream: string[] = [];
  kernel.hooks.upstream.tapPromise('u', async (exchange) => {
    tenantsAtUpstream.push(exchange.tenant);
    return completion();
  });
  const seen: { exchange: Exchange; ctx: Context }[] = [];
  let server: Awaited<ReturnType<typeof mount>>;
  let url: string;
  before(async () => {
    server = await mount(kernel, {
      prefix: '/llm',
      onExchange: (exchange, ctx) => {
        seen.push({ exchange, ctx });
        const tenant = ctx.get('x-app-user');
        if (tenant === 'explode') throw new Error('the app failed');
        exchange.tenant = tenant;
      },
    });
    url = `${server.url}/llm/v1/chat/completions`;
  });
  after(() => server.close());
  beforeEach(() => {
    seen.length = 0;
    events.length = 0;
    tenantsAtUpstream.length = 0;
  });

  const send = (body: string, user: string) => post(url, body, { 'content-type': 'application/json', 'x-app-user': user });
  const valid = JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'hello' }] });

  it('sets the tenant before the exchange runs, with the mounted path on the context', async () => {
    const response = await send(valid, 'user-ada');
    assert.equal(response.status, 200);
    assert.equal(seen.length, 1);
    assert.equal(seen[0]?.ctx.path, '/llm/v1/chat/completions');
    assert.deepEqual(tenantsAtUpstream, ['user-ada']);
    assert.ok(events.length > 0);
    assert.ok(events.every((event) => event.actor?.tenant_id === 'user-ada'));
  });

  it('is called for a refused body too, so its evidence names the tenant', async () => {
    const response = await send('{"model": ', 'user-grace');
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as Envelope).error.code, 'invalid_json');
    assert.equal(seen.length, 1);
    assert.equal(seen[0]?.exchange.error?.code, 'invalid_json');
    const failed = events.find((event) => event.event_type === 'request.failed');
    assert.equal(failed?.actor?.tenant_id, 'user-grace');
  });

  it('fails a request whose hook throws with internal_error, calling the hook once', async () => {
    const response = await send(valid, 'explode');
    assert.equal(response.status, 500);
    assert.equal(((await response.json()) as Envelope).error.code, 'internal_error');
    assert.equal(seen.length, 1);
    assert.deepEqual(tenantsAtUpstream, []);
    assert.equal(events.filter((event) => event.event_type === 'request.failed').length, 1);
  });

  it('keeps the refusal of a bad body when the hook throws on it', async () => {
    const response = await send('{"model": ', 'explode');
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as Envelope).error.code, 'invalid_json');
  });
});
