import assert from 'node:assert/strict';
import { completion, kernelUnderTest } from '../../core/kernel-under-test.js';
import { mount, post } from './mounted-kernel.js';

describe('host: response headers plugins set, a prefix, plugin routes', () => {
  const { kernel } = kernelUnderTest();
  kernel.hooks.upstream.tapPromise('u', async (exchange) => {
    if (exchange.request.messages.some((message) => message.content === 'fail')) throw new Error('the provider is down');
    return completion();
  });
  kernel.hooks.respond.tap('stub-headers', (exchange) => {
    exchange.setResponseHeader('X-Stub-Outcome', exchange.error === undefined ? 'answered' : 'failed');
    // Never written in place of the host's own.
    exchange.setResponseHeader('x-sluice-trace-id', 'forged');
    exchange.setResponseHeader('content-type', 'text/html');
  });
  kernel.route({
    method: 'GET',
    path: '/v1/models',
    plugin: 'stub',
    handle: async () => ({ status: 200, body: { object: 'list', data: [] } }),
  });

  let server: Awaited<ReturnType<typeof mount>>;
  before(async () => {
    server = await mount(kernel, { prefix: '/llm' });
  });
  after(() => server.close());

  const ask = (content: string) =>
    post(`${server.url}/llm/v1/chat/completions`, JSON.stringify({ model: 'm', messages: [{ role: 'user', content }] }));

  it('writes the headers a plugin set on an answer, under its own', async () => {
    const response = await ask('one');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-stub-outcome'), 'answered');
    assert.match(response.headers.get('x-sluice-trace-id') ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
  });

  it('writes them on an error too', async () => {
    const response = await ask('fail');
    assert.equal(response.status, 500);
    assert.equal(response.headers.get('x-stub-outcome'), 'failed');
    assert.match(response.headers.get('x-sluice-trace-id') ?? '', /^[0-9a-f-]{36}$/);
  });

  it('serves plugin routes under the prefix, and nothing outside it', async () => {
    const models = await fetch(`${server.url}/llm/v1/models`);
    assert.equal(models.status, 200);
    assert.deepEqual(await models.json(), { object: 'list', data: [] });
    assert.equal((await fetch(`${server.url}/v1/models`)).status, 404);
  });
});
