/**
 * A gateway under fault injection: its evidence captured, its /metrics and /readyz read, and the check of one
 * row of the fault table: switch the fault on, ask, compare with the row, switch it off, see it recover.
 */
import assert from 'node:assert/strict';
import type { EvidenceEvent } from '@sluice/core';
import { pass, type FaultProxy } from '../../fixtures/fault-proxy.js';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { FAULTS, configurationName, type EvidenceMatch, type FaultCase } from './fault-injection-cases.js';
import { startGateway, type GatewayUnderTest } from './gateway-under-test.js';

export interface WatchedGateway extends GatewayUnderTest {
  /** Every evidence event the gateway emitted, in order. */
  readonly events: EvidenceEvent[];
  metric(name: string, labels?: Readonly<Record<string, string>>): Promise<number>;
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

/** One chat question over HTTP, bounded to 10 s whatever the fault. */
export async function ask(gw: GatewayUnderTest, content: string): Promise<Reply> {
  const started = performance.now();
  const response = await fetch(`${gw.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content }] }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { error?: { code?: string } };
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

/** What a dependency's suite gives the runner: the gateway of a configuration, and how to see it recovered. */
export interface FaultTarget {
  readonly gw: WatchedGateway;
  readonly proxy: FaultProxy;
  /** While the fault lasts, after the row's own request: anything more the dependency promises. */
  duringFault?(row: FaultCase, where: string): Promise<void>;
  /** After the fault: the dependency is in use again (e.g. a repeat is a cache hit). */
  recovered(question: string, where: string): Promise<void>;
}

let serial = 0;
/** A question no earlier request asked, so no cache answers it. */
export const freshQuestion = (about: string) => `${about}: question ${++serial} at ${Date.now()}`;

/**
 * One row: the fault on, one request, its status, counters, evidence and readiness as the row says; the fault
 * off, readiness back and the dependency in use again, without a restart.
 */
export async function checkFaultCase(target: FaultTarget, row: FaultCase): Promise<void> {
  const { gw, proxy } = target;
  const where = `${row.dependency}, ${row.fault}, ${configurationName(row.configuration)}`;
  const before = await Promise.all(row.expected.metrics.map((m) => gw.metric(m.name, m.labels)));
  await proxy.set(FAULTS[row.fault]);
  try {
    const reply = await ask(gw, freshQuestion(where));
    assert.deepEqual([reply.status, reply.code], [row.expected.status, row.expected.code], `${where}: status and code`);
    for (const [i, m] of row.expected.metrics.entries()) {
      const grown = (await gw.metric(m.name, m.labels)) - (before[i] ?? 0);
      const label = `${where}: ${m.name}${JSON.stringify(m.labels)} grew by ${grown}, expected ${m.atLeast ? 'at least ' : ''}${m.by}`;
      assert.ok(m.atLeast ? grown >= m.by : grown === m.by, label);
    }
    assertEvidence(
      gw.events.filter((e) => e.trace_id === reply.traceId),
      row.expected.evidence,
      where,
    );
    const readiness = row.expected.ready ? 200 : 503;
    await until(async () => (await gw.readyz()) === readiness, `${where}: /readyz ${readiness} during the fault`, 3_000);
    await target.duringFault?.(row, where);
  } finally {
    await proxy.set(pass);
  }
  await until(async () => (await gw.readyz()) === 200, `${where}: /readyz 200 once the fault ended`);
  await target.recovered(freshQuestion(`${where}, after`), where);
}
