/**
 * Fault injection on the client side of guarded requests: clients that drip their body, leave at random
 * moments while large requests are scanned, or leave while a guard module is answering. Whatever the
 * client does, each request that reached the guards ends once, its scan either finishes or is abandoned
 * (never run on after the client has gone), and the gateway keeps answering.
 */
import assert from 'node:assert/strict';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { delay, startFaultProxy } from '../../fixtures/fault-proxy.js';
import { guardLines, startGuardedGateway, startGuardModule, type GuardedGateway } from './guards-under-test.js';

const ALL_GUARDS = 'security_guard_enabled on;\nprivacy_guard_enabled on;\nusage_guard_enabled on;\n';
const PROSE = 'The sluice gate controls the flow of water along the channel, and engineers measure it daily. ';
const bodyOf = (chars: number, n: number) =>
  JSON.stringify({
    model: 'test-model',
    messages: [{ role: 'user', content: `${n} ${PROSE.repeat(Math.ceil(chars / PROSE.length))}`.slice(0, chars) }],
  });

/** A seeded generator, so a failing mix can be run again as it was. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function post(url: string, headers: Record<string, string> = {}): ClientRequest {
  const req = httpRequest(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sluice-cache-bypass': '1', ...headers },
  });
  req.on('error', () => undefined);
  return req;
}

/** Sends a request and leaves `leaveAfterMs` after it was sent, or reads the answer's status when undefined. */
function send(url: string, body: string, leaveAfterMs: number | undefined): Promise<number | 'left'> {
  return new Promise((resolve) => {
    const req = post(url);
    if (leaveAfterMs === undefined)
      req.on('response', (res) => (res.resume(), res.on('end', () => resolve(res.statusCode ?? 0))));
    req.end(body, () => {
      if (leaveAfterMs === undefined) return;
      setTimeout(() => {
        req.destroy();
        resolve('left');
      }, leaveAfterMs);
    });
  });
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function securityScans(gw: GuardedGateway): Promise<{ decided: number; abandoned: number }> {
  let decided = 0;
  for (const outcome of ['allowed', 'detected', 'blocked', 'failed_open', 'failed_closed']) {
    decided += await gw.metric('gw_guard_requests_total', { guard: 'security', stage: 'request', outcome });
  }
  return { decided, abandoned: await gw.metric('gw_guard_scans_abandoned_total', { guard: 'security', stage: 'request' }) };
}

async function healthy(gw: GuardedGateway): Promise<void> {
  const began = performance.now();
  const response = await fetch(`${gw.url}/healthz`);
  assert.equal(response.status, 200);
  const ms = performance.now() - began;
  assert.ok(ms < 2000, `/healthz took ${Math.round(ms)} ms`);
}

describe('fault injection: clients that are slow or leave, guards in process', function () {
  this.timeout(60_000);
  let upstream: FakeUpstream;
  let gw: GuardedGateway;
  before(async () => {
    upstream = await startFakeUpstream();
    gw = await startGuardedGateway(upstream, ALL_GUARDS);
  });
  after(async () => {
    await gw?.close();
    await upstream?.close();
  });

  it('never scans a request whose client drips its body and leaves before the end', async () => {
    const before = await securityScans(gw);
    const body = bodyOf(600_000, 0);
    const req = post(gw.url, { 'content-length': String(Buffer.byteLength(body)) });
    for (let i = 0; i < 5; i += 1) {
      req.write(body.slice(i * 1000, (i + 1) * 1000));
      await new Promise((r) => setTimeout(r, 40));
    }
    req.destroy();
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(await securityScans(gw), before);
    await healthy(gw);
  });

  for (const seed of [1, 2, 3]) {
    it(`clients leaving at random moments (seed ${seed}): each scan finishes or is abandoned, each request ends once`, async () => {
      const random = seeded(seed);
      const received = gw.events.filter((e) => e.event_type === 'request.received').length;
      const before = await securityScans(gw);
      const plans = Array.from({ length: 12 }, (_, n) => {
        const chars = [1_000, 50_000, 300_000, 900_000][Math.floor(random() * 4)]!;
        const leave = [0, 10, 50, 200, undefined][Math.floor(random() * 5)];
        return { n, chars, leave };
      });
      const outcomes = await Promise.all(plans.map((p) => send(gw.url, bodyOf(p.chars, p.n), p.leave)));
      await healthy(gw);
      // Every client that stayed got its answer.
      plans.forEach((p, i) => {
        if (p.leave === undefined) assert.equal(outcomes[i], 200, `client ${p.n} (${p.chars} chars) stayed`);
      });
      await until(async () => {
        const now = await securityScans(gw);
        return now.decided + now.abandoned - before.decided - before.abandoned === plans.length;
      }, 'every scan to finish or be abandoned');
      const traces = new Set(
        gw.events
          .filter((e) => e.event_type === 'request.received')
          .slice(received)
          .map((e) => e.trace_id),
      );
      assert.equal(traces.size, plans.length);
      await until(
        async () =>
          gw.events.filter(
            (e) => traces.has(e.trace_id) && (e.event_type === 'request.completed' || e.event_type === 'request.failed'),
          ).length === plans.length,
        'every request to end',
      );
      for (const trace of traces) {
        const ends = gw.events.filter(
          (e) => e.trace_id === trace && (e.event_type === 'request.completed' || e.event_type === 'request.failed'),
        );
        assert.equal(ends.length, 1);
        if (ends[0]!.event_type === 'request.failed') assert.equal(ends[0]!.decision?.reason_code, 'CLIENT_CLOSED_REQUEST');
      }
      await healthy(gw);
    });
  }
});

describe('fault injection: a client that leaves while a guard module answers', function () {
  this.timeout(30_000);
  it('cancels the module call, counts the scan as abandoned and ends the request as the client closing', async () => {
    const upstream = await startFakeUpstream();
    const module = await startGuardModule('security');
    const proxy = await startFaultProxy('127.0.0.1', Number(new URL(module.url).port));
    const gw = await startGuardedGateway(upstream, guardLines('security', proxy.url, module.apiKey));
    try {
      await proxy.set(delay(1000));
      assert.equal(await send(gw.url, bodyOf(1_000, 0), 100), 'left');
      await until(
        async () => (await gw.metric('gw_guard_scans_abandoned_total', { guard: 'security', stage: 'request' })) === 1,
        'the abandoned scan to be counted',
      );
      assert.equal(await gw.metric('gw_errors_total', { class: 'client_closed_request' }), 1);
      assert.equal(gw.events.filter((e) => e.event_type === 'security.request_scan').length, 0, 'no decision, no failure');
      assert.equal(upstream.calls.length, 0);
      await healthy(gw);
    } finally {
      await gw.close();
      await proxy.close();
      await module.close();
      await upstream.close();
    }
  });
});

describe('fault injection: requests larger than the guards scan', function () {
  this.timeout(30_000);
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(async () => {
    await upstream?.close();
  });

  for (const failOpen of [false, true]) {
    it(`guard_fail_open ${failOpen ? 'on' : 'off'}: ${failOpen ? 'scanned in part and answered' : 'refused with the 413 envelope'}`, async () => {
      const gw = await startGuardedGateway(
        upstream,
        `${ALL_GUARDS}security_guard_max_scan_chars 10000;\nprivacy_guard_max_scan_chars 10000;\nusage_guard_max_scan_chars 10000;\nguard_fail_open ${failOpen ? 'on' : 'off'};\n`,
      );
      try {
        const response = await fetch(`${gw.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-sluice-cache-bypass': '1' },
          body: bodyOf(20_000, 0),
        });
        const body = (await response.json()) as { error?: { code?: string; type?: string; guard?: string } };
        if (failOpen) {
          assert.equal(response.status, 200);
          for (const guard of ['security', 'privacy', 'usage']) {
            assert.equal(
              await gw.metric('gw_guard_scan_budget_exhausted_total', { guard, stage: 'request', outcome: 'failed_open' }),
              1,
              guard,
            );
          }
        } else {
          assert.equal(response.status, 413);
          assert.equal(body.error?.code, 'request_too_large_to_scan');
          assert.equal(body.error?.type, 'invalid_request_error');
          assert.equal(body.error?.guard, 'security');
          assert.equal(upstream.calls.length, 0);
        }
        assert.ok(!JSON.stringify(gw.events).includes('sluice gate'), 'no prompt text in evidence');
      } finally {
        await gw.close();
      }
    });
  }
});
