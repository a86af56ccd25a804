/**
 * Before the load: one request per feature, so the soak measures a gateway with every feature really on
 * (an exact hit, a semantic hit, a stream, personal data kept from the upstream, an injection blocked,
 * each invalid kind refused, evidence reaching the audit module). Throws naming the first that is off.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FakeUpstream } from '../fixtures/fake-upstream.js';
import { metricTotals } from '../bench/semantic/gateway-metrics.js';
import { paraphrase } from '../bench/semantic/questions.js';
import { SOAK_MODEL } from './soak-config.js';
import { INJECTIONS, TrafficMix } from './traffic-mix.js';

interface Answer {
  readonly status: number;
  readonly cache: string | null;
  readonly text: string;
}

async function ask(url: string, content: string, extra: Record<string, unknown> = {}): Promise<Answer> {
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: SOAK_MODEL, messages: [{ role: 'user', content }], ...extra }),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, cache: response.headers.get('x-sluice-cache'), text: await response.text() };
}

function expect(ok: boolean, what: string): asserts ok {
  if (!ok) throw new Error(`soak preflight: ${what}`);
}

/** Returns one line per feature checked. */
export async function preflight(url: string, upstream: FakeUpstream): Promise<string[]> {
  const checked: string[] = [];
  const question = 'How do I rotate my API key on Atlas CRM 7?';
  expect((await ask(url, question)).cache === 'miss', 'the first ask is not a miss');
  const again = await ask(url, question);
  expect(again.cache === 'hit-exact', `the same question again: ${again.cache}`);
  checked.push('exact cache on Redis: the same question again is hit-exact');

  const reworded = await ask(url, paraphrase(question, 1));
  expect(reworded.cache === 'hit-semantic', `a paraphrase: ${reworded.cache} ${reworded.text.slice(0, 120)}`);
  checked.push('semantic cache (local embedder, in-process HNSW): a paraphrase is hit-semantic');

  const stream = await ask(url, 'Stream me the steps to export my invoices on Nimbus 3.', { stream: true });
  expect(stream.status === 200 && stream.text.trimEnd().endsWith('data: [DONE]'), `a stream: ${stream.status}`);
  checked.push('controlled streaming: a stream ends with [DONE]');

  const email = 'preflight.person@example.org';
  const personal = await ask(url, `Forward the contract to ${email} today.`);
  const sent = JSON.stringify(upstream.calls.at(-1)?.body ?? {});
  expect(personal.status === 200 && personal.text.includes(email), 'the answer did not get the address back');
  expect(!sent.includes(email), 'the upstream saw the address');
  checked.push('privacy guard (anonymize, mappings on Redis): the upstream sees a placeholder, the client its address');

  for (const injection of INJECTIONS) {
    const blocked = await ask(url, injection);
    expect(blocked.status === 403 && blocked.text.includes('security_request_blocked'), `not blocked: ${injection}`);
  }
  checked.push(`security guard: ${INJECTIONS.length} injections blocked with 403`);

  const mix = new TrafficMix(1, 1);
  for (let i = 0; i < 8; i++) {
    const invalid = mix.of('invalid');
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: invalid.headers,
      body: invalid.body,
      signal: AbortSignal.timeout(20_000),
    });
    const problem = invalid.check(response.status, response.headers.get('content-type') ?? '', await response.text());
    expect(problem === undefined, `an invalid request: ${problem}`);
  }
  checked.push(
    'validation and the model allowlist: invalid JSON, an invalid body, an unpriced model, a wrong media type refused',
  );

  const totals = { gw_audit_events_delivered_total: 0, gw_guard_requests_total: 0 };
  for (
    const deadline = Date.now() + 15_000;
    totals.gw_audit_events_delivered_total === 0 && Date.now() < deadline;
    await sleep(250)
  ) {
    Object.assign(totals, await metricTotals(url, ['gw_audit_events_delivered_total', 'gw_guard_requests_total']));
  }
  expect(totals.gw_audit_events_delivered_total > 0, 'no evidence reached the audit module in 15 s');
  checked.push(
    `audit delivery: ${totals.gw_audit_events_delivered_total} events delivered; usage guard and the others counted ${totals.gw_guard_requests_total} decisions`,
  );
  upstream.calls.length = 0;
  return checked;
}
