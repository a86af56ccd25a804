/** A gateway under fault injection: its evidence captured, its /metrics and /readyz read, questions asked. */
import assert from 'node:assert/strict';
import type { EvidenceEvent } from '@sluice/core';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import type { EvidenceMatch } from './fault-injection-cases.js';
import { startGateway, type GatewayUnderTest } from './gateway-under-test.js';

export interface WatchedGateway extends GatewayUnderTest {
  /** Every evidence event the gateway emitted, in order. */
  readonly events: EvidenceEvent[];
  metric(name: string, labels?: Readonly<Record<string, string>>): Promise<number>;
  /** Several samples from one scrape, in the order asked; 0 for one that is absent. */
  samples(wanted: readonly { name: string; labels: Readonly<Record<string, string>> }[]): Promise<number[]>;
  /** The status of /readyz now. */
  readyz(): Promise<number>;
}

export async function startWatchedGateway(configText: string): Promise<WatchedGateway> {
  const gw = await startGateway(configText);
  const events: EvidenceEvent[] = [];
  gw.gateway.runtime.kernel.hooks.evidence.tap('test-capture', (event) => void events.push(event));
  return {
    ...gw,
    events,
    metric: async (name, labels = {}) => sampleValue(parsePrometheusText(await gw.metricsText()), name, labels) ?? 0,
    samples: async (wanted) => {
      const families = parsePrometheusText(await gw.metricsText());
      return wanted.map((m) => sampleValue(families, m.name, m.labels) ?? 0);
    },
    readyz: async () => (await fetch(`${gw.url}/readyz`, { signal: AbortSignal.timeout(5_000) })).status,
  };
}

export interface Reply {
  readonly status: number;
  readonly code: string | undefined;
  readonly traceId: string | null;
  /** `x-sluice-cache`. */
  readonly cache: string | null;
  readonly ms: number;
}

/** One chat question over HTTP (streamed with `stream`), bounded to 10 s whatever the fault. */
export async function ask(gw: GatewayUnderTest, content: string, stream = false): Promise<Reply> {
  const started = performance.now();
  const response = await fetch(`${gw.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content }], ...(stream ? { stream } : {}) }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json');
  const body = (json ? JSON.parse(text) : {}) as { error?: { code?: string } };
  return {
    status: response.status,
    code: body.error?.code,
    traceId: response.headers.get('x-sluice-trace-id'),
    cache: response.headers.get('x-sluice-cache'),
    ms: performance.now() - started,
  };
}

/** Polls until the condition holds; the bound turns a hang into an error naming what never happened. */
export async function until(condition: () => Promise<boolean> | boolean, what: string, withinMs = 10_000): Promise<void> {
  const deadline = performance.now() + withinMs;
  while (performance.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`not within ${withinMs} ms: ${what}`);
}

/** Whether an event matches every field the row names. */
function matches(event: EvidenceEvent, want: EvidenceMatch): boolean {
  if (event.event_type !== want.event_type || event.outcome !== want.outcome) return false;
  if (want.action !== undefined && event.decision?.action !== want.action) return false;
  if (want.reason_code !== undefined && event.decision?.reason_code !== want.reason_code) return false;
  if (want.cache_type !== undefined && event.cache?.cache_type !== want.cache_type) return false;
  return Object.entries(want.attributes ?? {}).every(([key, value]) => event.attributes?.[key] === value);
}

export function assertEvidence(events: readonly EvidenceEvent[], wanted: readonly EvidenceMatch[], where: string): void {
  for (const want of wanted) {
    const seen = events.map((e) => `${e.event_type}/${e.outcome}`).join(', ');
    assert.ok(
      events.some((e) => matches(e, want)),
      `${where}: no evidence ${JSON.stringify(want)} among ${seen}`,
    );
  }
}

let serial = 0;
/** A question no earlier request asked, so no cache answers it. */
export const freshQuestion = (about: string) => `${about}: question ${++serial} at ${Date.now()}`;
