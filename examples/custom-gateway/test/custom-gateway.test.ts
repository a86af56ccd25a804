import assert from 'node:assert/strict';
import type { EvidenceEvent } from '@sluice/core';
import OpenAI from 'openai';
import { pino } from 'pino';
import { startFakeUpstream, type FakeUpstream } from '../../../test/fixtures/fake-upstream.js';
import { startCustomGateway, type CustomGateway } from '../src/main.js';
import { now, SECRET, tokenFor } from './tokens.js';

const MODEL = 'gpt-4o-mini';
const QUESTION = 'What does the standard plan include?';

describe('custom gateway: the preset composed in code with the tenant-from-JWT plugin', () => {
  let upstream: FakeUpstream;
  let running: CustomGateway;
  const events: EvidenceEvent[] = [];

  before(async () => {
    upstream = await startFakeUpstream();
    running = await startCustomGateway({
      upstreamBaseUrl: upstream.baseUrl,
      jwtSecret: SECRET,
      listen: '127.0.0.1:0',
      logger: pino({ level: 'silent' }),
    });
    running.gateway.runtime.kernel.hooks.evidence.tap('test-capture', (event) => void events.push(event));
  });
  after(async () => {
    await running?.close();
    await upstream?.close();
  });

  // #region client
  const clientFor = (token: string) =>
    new OpenAI({
      baseURL: `${running.url}/v1`,
      apiKey: 'unused-by-the-gateway',
      defaultHeaders: { authorization: `Bearer ${token}` },
      maxRetries: 0,
      timeout: 10_000,
    });
  // #endregion client
  const ask = (token: string, content = QUESTION) =>
    clientFor(token)
      .chat.completions.create({ model: MODEL, messages: [{ role: 'user', content }] })
      .withResponse();
  const eventsOf = (traceId: string | null) => events.filter((e) => e.trace_id === traceId);

  it('answers a client with a valid token, tags its evidence with the tenant, and never forwards the token', async () => {
    const token = tokenFor('acme');
    const { data, response } = await ask(token);
    assert.equal(data.choices[0]?.message.content, `echo: ${QUESTION}`);
    const traced = eventsOf(response.headers.get('x-sluice-trace-id'));
    const byType = new Map(traced.map((e) => [e.event_type, e]));
    assert.deepEqual(byType.get('tenant.identified')?.attributes, { tenant_source: 'jwt' });
    for (const type of ['tenant.identified', 'cache.lookup', 'upstream.response', 'request.completed'])
      assert.equal(byType.get(type)?.actor?.tenant_id, 'acme', type);
    // Emitted when the request arrives, before any hook has run.
    assert.equal(byType.get('request.received')?.actor?.tenant_id, 'default');
    const sent = upstream.calls.at(-1)?.headers.authorization;
    assert.notEqual(sent, `Bearer ${token}`);
    assert.ok(!JSON.stringify(events).includes(token));
  });

  it('keeps the exact cache per tenant: a repeat hits for its own tenant only', async () => {
    upstream.reset();
    const first = await ask(tokenFor('acme'), 'How do I add a seat?');
    const repeat = await ask(tokenFor('acme'), 'How do I add a seat?');
    const otherTenant = await ask(tokenFor('globex'), 'How do I add a seat?');
    assert.deepEqual(
      [first, repeat, otherTenant].map(({ response }) => response.headers.get('x-sluice-cache')),
      ['miss', 'hit-exact', 'miss'],
    );
    assert.equal(upstream.calls.length, 2);
    const lookups = [first, repeat, otherTenant].map(({ response }) =>
      eventsOf(response.headers.get('x-sluice-trace-id')).find((e) => e.event_type === 'cache.lookup'),
    );
    assert.deepEqual(
      lookups.map((e) => [e?.actor?.tenant_id, e?.outcome]),
      [
        ['acme', 'miss'],
        ['acme', 'hit'],
        ['globex', 'miss'],
      ],
    );
  });

  it('refuses a missing or expired token with 401 authentication_failed, without calling the upstream', async () => {
    upstream.reset();
    for (const token of ['', tokenFor('acme', { exp: now() - 3600 })]) {
      await assert.rejects(ask(token), (error: unknown) => {
        assert.ok(error instanceof OpenAI.AuthenticationError);
        assert.equal(error.status, 401);
        assert.equal(error.code, 'authentication_failed');
        assert.match(error.message, /^401 (A bearer token is required|The bearer token has expired)/);
        return true;
      });
    }
    assert.equal(upstream.calls.length, 0);
  });
});
