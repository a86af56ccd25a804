/**
 * Large requests whose clients leave while they wait behind each other: with the three guards in
 * process, the gateway must not scan what nobody waits for, and must stay responsive meanwhile.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { startGuardedGateway, type GuardedGateway } from './guards-under-test.js';

const ALL_GUARDS = 'security_guard_enabled on;\nprivacy_guard_enabled on;\nusage_guard_enabled on;\n';
const CLIENTS = 16;
/** Just under the default 1 MiB body limit, as in the report that a request this size held the loop for seconds. */
const CONTENT_CHARS = 900 * 1024;
const PROSE = 'The sluice gate controls the flow of water along the channel, and engineers measure it daily. ';

function largeBody(n: number): string {
  const content = `${n} ${PROSE.repeat(Math.ceil(CONTENT_CHARS / PROSE.length))}`.slice(0, CONTENT_CHARS);
  return JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content }] });
}

/** Sends a whole request, then closes the connection without reading the answer. */
function sendAndLeave(url: string, body: string, leaveAfterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const req = httpRequest(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sluice-cache-bypass': '1' },
    });
    req.on('error', () => undefined);
    req.end(body, () =>
      setTimeout(() => {
        req.destroy();
        resolve();
      }, leaveAfterMs),
    );
  });
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const began = performance.now();
  const value = await run();
  return { value, ms: performance.now() - began };
}

describe('gateway: large requests whose clients leave while queued (guards in process)', function () {
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

  it('abandons the scans nobody waits for, and answers /healthz promptly meanwhile and afterwards', async () => {
    const bodies = Array.from({ length: CLIENTS }, (_, n) => largeBody(n));
    await Promise.all(bodies.map((body) => sendAndLeave(gw.url, body, 50)));
    const during = await timed(() => fetch(`${gw.url}/healthz`));
    assert.equal(during.value.status, 200);

    // Every request ends (scanned or abandoned) long before the scans of all of them could have run.
    const ended = async () =>
      (await gw.metric('gw_errors_total', { class: 'client_closed_request' })) +
      (await gw.metric('gw_request_duration_seconds_count', { delivery_path: 'upstream' }));
    for (let i = 0; i < 100 && (await ended()) < CLIENTS; i += 1) await new Promise((r) => setTimeout(r, 50));
    assert.equal(await ended(), CLIENTS);

    const abandoned = await gw.metric('gw_guard_scans_abandoned_total', { guard: 'security', stage: 'request' });
    const scanned =
      (await gw.metric('gw_guard_requests_total', { guard: 'security', stage: 'request', outcome: 'allowed' })) +
      (await gw.metric('gw_guard_requests_total', { guard: 'security', stage: 'request', outcome: 'detected' }));
    // The first request or two may be scanned before their clients close; no more.
    assert.ok(scanned <= 3, `${scanned} of ${CLIENTS} scans ran to the end, ${abandoned} abandoned`);
    assert.ok(abandoned >= 1 && abandoned + scanned <= CLIENTS);
    assert.ok(upstream.calls.length <= scanned);
    // The requests abandoned before their scan ran left no guard decision behind.
    const decisions = gw.events.filter((e) => e.event_type === 'security.request_scan');
    assert.equal(decisions.length, scanned);
    const failed = gw.events.filter((e) => e.event_type === 'request.failed');
    assert.ok(failed.every((e) => e.decision?.reason_code === 'CLIENT_CLOSED_REQUEST'));
    assert.ok(failed.length >= abandoned);

    const after = await timed(() => fetch(`${gw.url}/healthz`));
    assert.equal(after.value.status, 200);
    assert.ok(during.ms < 2000 && after.ms < 2000, `/healthz took ${Math.round(during.ms)} ms, then ${Math.round(after.ms)} ms`);
  });
});
