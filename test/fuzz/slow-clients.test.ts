/**
 * Slow and stalled clients against every server we ship: the gateway, the vector answer cache and a guard
 * module, each with 1 s timeouts. A seeded mix of clients that stop or trickle in their headers or their
 * body, or never read a large answer, is held open at once while a well-behaved client is served; each is
 * closed within its timeout and counted once under its phase.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import fc from 'fast-check';
import { startModuleServer, type ModuleServer } from '@sluice/guard-kit';
import type { ConnectionTimeoutPhase } from '@sluice/host';
import { startFakeUpstream, type FakeUpstream } from '../fixtures/fake-upstream.js';
import { chatCompletion } from '../fixtures/openai-bodies.js';
import { startGateway, type GatewayUnderTest } from '../apps/gateway/gateway-under-test.js';
import { axis, startService, type ServiceUnderTest } from '../apps/vector-cache/service-under-test.js';
import { fuzzBudget } from './fuzz-budget.js';

const LARGE = 24 * 1024 * 1024;
const LARGE_TEXT = 'a'.repeat(LARGE);
/** How late past its timeout a connection may close: the checking interval, a loaded machine. */
const SLACK_MS = 3000;
/**
 * A large answer takes a while to be made and to fill the socket buffers before the send timeout starts:
 * three of 24 MB at once, made by the fake upstream and the gateway in this process, took up to 9 s on a
 * two-core machine busy with other work (the client resumed reading before the send timeout had begun).
 */
const MAKING_MS = 6000;
const NEVER_READ_FOR_MS = 1000 + SLACK_MS + MAKING_MS;
/** Past this a connection is held open for good: the send timeout never came. */
const HELD_FOR_GOOD_MS = NEVER_READ_FOR_MS + SLACK_MS + 5000;

type Misbehaviour =
  | { readonly kind: 'stop-in-headers'; readonly at: number }
  | { readonly kind: 'trickle-headers'; readonly gapMs: number }
  | { readonly kind: 'stop-in-body'; readonly at: number }
  | { readonly kind: 'trickle-body'; readonly gapMs: number }
  | { readonly kind: 'never-read' };

const PHASE: Record<Misbehaviour['kind'], ConnectionTimeoutPhase> = {
  'stop-in-headers': 'headers',
  'trickle-headers': 'headers',
  'stop-in-body': 'body',
  'trickle-body': 'body',
  'never-read': 'send',
};

const misbehaviour: fc.Arbitrary<Misbehaviour> = fc.oneof(
  fc.record({ kind: fc.constant('stop-in-headers' as const), at: fc.double({ min: 0.05, max: 0.95, noNaN: true }) }),
  fc.record({ kind: fc.constant('trickle-headers' as const), gapMs: fc.integer({ min: 100, max: 400 }) }),
  fc.record({ kind: fc.constant('stop-in-body' as const), at: fc.double({ min: 0, max: 0.95, noNaN: true }) }),
  fc.record({ kind: fc.constant('trickle-body' as const), gapMs: fc.integer({ min: 100, max: 400 }) }),
  fc.constant({ kind: 'never-read' as const }),
);

/** One server under test: where to send, what a large answer is asked with, and its timeout counts. */
interface Target {
  readonly url: string;
  readonly path: string;
  readonly body: string;
  readonly largePath: string;
  readonly largeBody: string;
  readonly headers: Record<string, string>;
  timedOut(): Promise<Record<ConnectionTimeoutPhase, number>>;
  /** A well-behaved request. */
  serve(): Promise<{ status: number; text: string }>;
}

function requestText(target: Target, path: string, body: string): { head: string; body: string } {
  const lines = Object.entries({ 'content-type': 'application/json', ...target.headers }).map(([n, v]) => `${n}: ${v}\r\n`);
  return {
    head: `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('')}content-length: ${Buffer.byteLength(body)}\r\n\r\n`,
    body,
  };
}

/** Plays one misbehaving client; resolves with how long the server kept the connection. */
function play(target: Target, client: Misbehaviour): Promise<number> {
  const { hostname, port } = new URL(target.url);
  const large = client.kind === 'never-read';
  const { head, body } = requestText(target, large ? target.largePath : target.path, large ? target.largeBody : target.body);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const started = Date.now();
    const timers: NodeJS.Timeout[] = [];
    const give = setTimeout(() => {
      socket.destroy();
      reject(new Error(`${client.kind}: the connection stayed open for ${HELD_FOR_GOOD_MS / 1000} s`));
    }, HELD_FOR_GOOD_MS);
    let read = 0;
    socket.on('error', () => {});
    // Read what comes, so that the server's close is seen; a client that never reads takes up reading only
    // once the send timeout should have closed it, and must then find the answer cut short.
    socket.on('data', (chunk: Buffer) => (read += chunk.length));
    if (large) timers.push(setTimeout(() => socket.resume(), NEVER_READ_FOR_MS));
    socket.once('close', () => {
      if (large && read >= LARGE) reject(new Error('never-read: the whole answer was kept for the client'));
      clearTimeout(give);
      for (const timer of timers) clearTimeout(timer);
      resolve(Date.now() - started);
    });
    const trickle = (text: string, gapMs: number) => {
      let sent = 0;
      timers.push(
        setInterval(() => {
          if (sent < text.length && !socket.destroyed) socket.write(text[sent++]!);
        }, gapMs),
      );
    };
    socket.once('connect', () => {
      switch (client.kind) {
        case 'stop-in-headers':
          return void socket.write(
            head.slice(0, Math.max(1, Math.floor(head.length * client.at)) - 0).replace(/\r\n\r\n$/, '\r\n'),
          );
        case 'trickle-headers':
          return trickle(head, client.gapMs);
        case 'stop-in-body':
          return void socket.write(head + body.slice(0, Math.floor(body.length * client.at)));
        case 'trickle-body':
          socket.write(head);
          return trickle(body, client.gapMs);
        case 'never-read':
          socket.pause();
          return void socket.write(head + body);
      }
    });
  });
}

async function holdsUp(target: Target, clients: readonly Misbehaviour[]): Promise<void> {
  const before = await target.timedOut();
  // The large answers are made after the other clients' requests are in: making them takes the server's
  // event loop a while, and a request the server has not yet read is, to it, one whose headers are late.
  const held = clients.map((client) =>
    client.kind === 'never-read' ? delay(500).then(() => play(target, client)) : play(target, client),
  );
  // Served while every slow client is held.
  await delay(800);
  const served = await target.serve();
  assert.equal(served.status, 200, served.text);
  const durations = await Promise.all(held);
  const limits: Record<ConnectionTimeoutPhase, number> = { headers: 1000, body: 1000, send: 1000 };
  clients.forEach((client, i) => {
    const limit = client.kind === 'never-read' ? NEVER_READ_FOR_MS + SLACK_MS : limits[PHASE[client.kind]] + SLACK_MS;
    assert.ok(durations[i]! <= limit, `${JSON.stringify(client)} closed after ${durations[i]} ms (limit ${limit})`);
  });
  const after = await target.timedOut();
  for (const phase of ['headers', 'body', 'send'] as const) {
    const expected = clients.filter((client) => PHASE[client.kind] === phase).length;
    assert.equal(after[phase] - before[phase], expected, `${phase} timeouts of ${JSON.stringify(clients)}`);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function served(reply: Response): Promise<{ status: number; text: string }> {
  return { status: reply.status, text: await reply.text() };
}

function countsIn(metrics: string, name: string): Record<ConnectionTimeoutPhase, number> {
  const count = (phase: string) => Number(metrics.match(new RegExp(`^${name}\\{phase="${phase}"\\} (\\S+)$`, 'm'))?.[1] ?? 0);
  return { headers: count('headers'), body: count('body'), send: count('send') };
}

describe('fault: slow and stalled clients on every server', function () {
  this.timeout(120_000);
  const budget = fuzzBudget();
  const mixes = fc.sample(fc.array(misbehaviour, { minLength: 4, maxLength: 8 }), { seed: budget.seed, numRuns: budget.scale });

  describe('gateway', () => {
    let upstream: FakeUpstream;
    let gw: GatewayUnderTest;
    let target: Target;
    before(async () => {
      upstream = await startFakeUpstream();
      upstream.behave((call) => {
        const request = call.body as { messages?: { content?: string }[] };
        if (request.messages?.[0]?.content !== 'large') return { kind: 'ok' };
        const answer = chatCompletion({ model: 'test-model', messages: [{ role: 'user', content: 'large' }] });
        answer.choices[0]!.message.content = LARGE_TEXT;
        return { kind: 'status', status: 200, body: answer };
      });
      gw = await startGateway(
        `upstream_base_url ${upstream.baseUrl}; upstream_api_key dummy; model_price test-model 1.0 2.0; log_level silent; client_header_timeout_seconds 1; client_request_timeout_seconds 1; send_timeout_seconds 1;`,
      );
      const chat = (content: string) => JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content }] });
      target = {
        url: gw.url,
        path: '/v1/chat/completions',
        body: chat('a question a little longer than a few bytes'),
        largePath: '/v1/chat/completions',
        largeBody: chat('large'),
        headers: { 'x-sluice-cache-bypass': '1' },
        timedOut: async () => countsIn(await gw.metricsText(), 'gw_http_connections_timed_out_total'),
        serve: async () =>
          served(
            await fetch(`${gw.url}/v1/chat/completions`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: chat('hi'),
            }),
          ),
      };
    });
    after(async () => {
      await gw?.close();
      await upstream?.close();
    });
    mixes.forEach((mix, i) => it(`mix ${i + 1}: ${mix.map((c) => c.kind).join(', ')}`, () => holdsUp(target, mix)));
  });

  describe('vector answer cache', () => {
    let svc: ServiceUnderTest;
    let target: Target;
    before(async () => {
      svc = await startService({
        SVC_CLIENT_HEADER_TIMEOUT_SECS: '1',
        SVC_CLIENT_REQUEST_TIMEOUT_SECS: '1',
        SVC_SEND_TIMEOUT_SECS: '1',
        SVC_MAX_BODY_BYTES: String(64 * 1024 * 1024),
      });
      await svc.post('/v1/insert', { ext_id: 9, vector: axis(5), answer: LARGE_TEXT });
      target = {
        url: svc.service.url,
        path: '/v1/upsert',
        body: JSON.stringify({ ext_id: 1, vector: axis(0), answer: 'an answer of a few words' }),
        largePath: '/v1/qa',
        largeBody: JSON.stringify({ query: axis(5), k: 1 }),
        headers: {},
        timedOut: async () => countsIn((await svc.get('/metrics')).text, 'svc_http_connections_timed_out_total'),
        serve: async () => svc.post('/v1/search', { query: axis(0), k: 1 }),
      };
    });
    after(async () => svc?.close());
    mixes.forEach((mix, i) => it(`mix ${i + 1}: ${mix.map((c) => c.kind).join(', ')}`, () => holdsUp(target, mix)));
  });

  describe('guard module', () => {
    const counts: Record<ConnectionTimeoutPhase, number> = { headers: 0, body: 0, send: 0 };
    let server: ModuleServer;
    let target: Target;
    before(async () => {
      server = await startModuleServer({
        listen: '127.0.0.1:0',
        apiKey: '',
        routes: { '/v1/scan': () => ({ action: 'allow', findings: [] }), '/v1/large': () => ({ text: LARGE_TEXT }) },
        timeouts: { headerMs: 1000, requestMs: 1000, sendMs: 1000 },
        onTimeout: (phase) => (counts[phase] += 1),
      });
      target = {
        url: server.url,
        path: '/v1/scan',
        body: JSON.stringify({ stage: 'request', messages: [{ role: 'user', content: 'hello there' }] }),
        largePath: '/v1/large',
        largeBody: '{}',
        headers: {},
        timedOut: async () => ({ ...counts }),
        serve: async () =>
          served(
            await fetch(`${server.url}/v1/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
          ),
      };
    });
    after(() => server?.close());
    mixes.forEach((mix, i) => it(`mix ${i + 1}: ${mix.map((c) => c.kind).join(', ')}`, () => holdsUp(target, mix)));
  });
});
