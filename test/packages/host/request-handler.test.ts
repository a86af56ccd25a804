import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestHandler, replyText, WRONG_METHOD, type HostRoute } from '@sluice/host';
import { completion, kernelUnderTest } from '../../core/kernel-under-test.js';

type Envelope = { error: { code: string; message: string; type: string; param: null } };

const CHAT_BODY = JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('host: the one request handler on node:http', () => {
  const { kernel, events } = kernelUnderTest();
  /** While set, the upstream tells `arrived` and waits for `held` to resolve. */
  let held: Promise<void> | undefined;
  let arrived: (() => void) | undefined;
  kernel.hooks.upstream.tapPromise('u', async () => {
    if (held !== undefined) {
      arrived?.();
      await held;
    }
    return completion();
  });
  /** A chat request held at the upstream; resolves once it is there, with the way to let it go on. */
  async function heldChat(): Promise<{ response: Promise<Response>; release: () => void }> {
    let release!: () => void;
    held = new Promise<void>((resolve) => (release = resolve));
    const there = new Promise<void>((resolve) => (arrived = resolve));
    const response = chat();
    await there;
    return { response, release };
  }
  kernel.route({ method: 'GET', path: '/v1/models', plugin: 'stub', handle: async () => ({ status: 200, body: { data: [] } }) });
  kernel.route({
    method: 'GET',
    path: '/v1/broken',
    plugin: 'stub',
    handle: async () => {
      throw new Error('secret detail at /srv/app.js:1:1');
    },
  });
  const hostRoutes: HostRoute[] = [
    { path: '/healthz', serve: (_req, res) => replyText(res, 200, 'ok') },
    {
      path: '/explodes',
      serve: () => {
        throw new Error('secret detail at /srv/host.js:2:2');
      },
    },
    { path: '/off', enabled: () => false, serve: (_req, res) => replyText(res, 200, 'on') },
  ];
  let handler: RequestHandler;
  let server: Server;
  let url: string;
  beforeEach(async () => {
    held = undefined;
    events.length = 0;
    handler = new RequestHandler({ kernel, maxBodyBytes: 1 << 20, streaming: false, hostRoutes });
    server = createServer((req, res) => void handler.serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const chat = (path = '/v1/chat/completions') =>
    fetch(`${url}${path}`, { method: 'POST', headers: JSON_HEADERS, body: CHAT_BODY });

  async function envelope(response: Response, status: number, code: string): Promise<Envelope> {
    assert.equal(response.status, status);
    const body = (await response.json()) as Envelope;
    assert.equal(body.error.code, code);
    assert.equal(body.error.param, null);
    assert.doesNotMatch(JSON.stringify(body), /secret|\.js:\d+/, 'never a stack trace or an internal message');
    return body;
  }

  describe('route matching', () => {
    it('serves chat completions with a query, a trailing slash or in another letter case', async () => {
      for (const path of [
        '/v1/chat/completions',
        '/v1/chat/completions?trace=1',
        '/v1/chat/completions/',
        '/V1/Chat/Completions',
      ]) {
        assert.equal((await chat(path)).status, 200, path);
      }
    });

    it('serves plugin routes and the host routes, GET and HEAD', async () => {
      assert.deepEqual(await (await fetch(`${url}/v1/models`)).json(), { data: [] });
      assert.equal(await (await fetch(`${url}/healthz`)).text(), 'ok');
      assert.equal((await fetch(`${url}/healthz`, { method: 'HEAD' })).status, 200);
    });

    it('answers a known path asked with another method 405, and an unknown path 404', async () => {
      const wrong = await envelope(await fetch(`${url}/v1/chat/completions`), 405, 'method_not_allowed');
      assert.equal(wrong.error.message, 'GET is not allowed on /v1/chat/completions.');
      const unknown = await envelope(await fetch(`${url}/v2/nothing?x=1`), 404, 'not_found');
      assert.equal(unknown.error.message, 'No route for GET /v2/nothing.');
      await envelope(await fetch(`${url}/off`), 404, 'not_found');
    });

    it('serves every route under a prefix, and nothing outside it', async () => {
      const prefixed = new RequestHandler({ kernel, maxBodyBytes: 1 << 20, streaming: false, prefix: '/llm', hostRoutes });
      const chatTarget = prefixed.match('POST', '/llm/v1/chat/completions');
      assert.equal((chatTarget as { kind: string }).kind, 'model');
      assert.equal(prefixed.match('POST', '/llm/v1/chat/completions/?x=1'), chatTarget);
      assert.equal(prefixed.match('GET', '/llm/v1/chat/completions'), WRONG_METHOD);
      assert.equal((prefixed.match('GET', '/llm/healthz') as { kind?: string }).kind, 'host');
      assert.equal(prefixed.match('POST', '/v1/chat/completions'), undefined);
    });
  });

  describe('the 500 fallback', () => {
    it('answers a host route that throws with internal_error, never its message', async () => {
      await envelope(await fetch(`${url}/explodes`), 500, 'internal_error');
    });

    it('answers a plugin route that throws with internal_error, counted', async () => {
      await envelope(await fetch(`${url}/v1/broken`), 500, 'internal_error');
      const text = await kernel.metrics.exposition();
      assert.match(text.body, /gw_errors_total\{class="internal_error"\} [1-9]/);
    });
  });

  describe('in flight and draining', () => {
    it('counts requests in flight and resolves idle() once they are done', async () => {
      const pending = await heldChat();
      assert.equal(handler.inFlight, 1);
      assert.equal(await handler.idle(20), false, 'still serving');
      const idle = handler.idle(5000);
      pending.release();
      assert.equal((await pending.response).status, 200);
      assert.equal(await idle, true);
      assert.equal(handler.inFlight, 0);
    });

    it('finishes a request in flight after drain(), refusing new ones with 503 shutting_down and closing connections', async () => {
      const pending = await heldChat();
      held = undefined;
      handler.drain();
      assert.equal(handler.draining, true);

      const refused = await chat();
      await envelope(refused, 503, 'shutting_down');
      assert.equal(refused.headers.get('connection'), 'close');
      const traceId = refused.headers.get('x-sluice-trace-id');
      assert.ok(traceId, 'a refused chat request carries its trace');
      assert.deepEqual(
        events.filter((event) => event.trace_id === traceId).map((event) => event.event_type),
        ['request.received', 'request.failed'],
      );

      const other = await fetch(`${url}/v1/models`);
      await envelope(other, 503, 'shutting_down');
      assert.equal(other.headers.get('x-sluice-trace-id'), null, 'only chat requests start a trace');
      await envelope(await fetch(`${url}/nowhere`, { method: 'POST' }), 503, 'shutting_down');
      assert.equal(await (await fetch(`${url}/healthz`)).text(), 'ok', 'the host routes still answer');

      pending.release();
      assert.equal((await pending.response).status, 200, 'the request in flight finishes');
      assert.equal(await handler.idle(1000), true);
    });
  });
});
