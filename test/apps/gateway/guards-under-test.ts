/**
 * The reference guard modules served on 127.0.0.1 with real keys, and in-process gateways calling them
 * over HTTP, with the gateway's evidence captured and its metrics readable, for the guards suites.
 */
import { randomBytes } from 'node:crypto';
import type { EvidenceEvent } from '@sluice/core';
import type { ModuleServer } from '@sluice/guard-kit';
import { startPrivacyGuardServer } from '@sluice/plugin-privacy-guard';
import { startSecurityGuardServer } from '@sluice/plugin-security-guard';
import { startUsageGuardServer } from '@sluice/plugin-usage-guard';
import OpenAI from 'openai';
import type { FakeUpstream } from '../../fixtures/fake-upstream.js';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { baseConfig, startGateway, type GatewayUnderTest } from './gateway-under-test.js';

export type GuardKind = 'security' | 'privacy' | 'usage';

/** A key of this run's own: never a constant a module might accept by accident. */
export const newKey = (): string => `guard-key-${randomBytes(12).toString('hex')}`;

export interface GuardModule {
  readonly kind: GuardKind;
  readonly url: string;
  readonly apiKey: string;
  close(): Promise<void>;
}

export interface GuardModuleOptions {
  /** privacy: the mapping store; usage: the quota counters. */
  readonly kvUrl?: string;
  /** privacy: the mapping keys' prefix. */
  readonly kvKeyPrefix?: string;
}

/** A reference module on 127.0.0.1, port 0, asking for a fresh key. */
export async function startGuardModule(kind: GuardKind, options: GuardModuleOptions = {}): Promise<GuardModule> {
  const apiKey = newKey();
  const listen = '127.0.0.1:0';
  let server: ModuleServer;
  if (kind === 'security') server = await startSecurityGuardServer({ listen, apiKey, mode: 'enforce' });
  else if (kind === 'privacy') server = await startPrivacyGuardServer({ listen, apiKey, ...options });
  else server = await startUsageGuardServer({ listen, apiKey, ...(options.kvUrl === undefined ? {} : { kvUrl: options.kvUrl }) });
  return { kind, url: server.url, apiKey, close: () => server.close() };
}

/** The directives that turn a guard on and point it at a module. */
export function guardLines(kind: GuardKind, url: string, apiKey: string): string {
  return `${kind}_guard_enabled on;\n${kind}_guard_url ${url};\n${kind}_guard_api_key ${apiKey};\n`;
}

export interface GuardedGateway extends GatewayUnderTest {
  /** Every evidence event the gateway emitted, in order. */
  readonly events: EvidenceEvent[];
  eventsOf(traceId: string | null): EvidenceEvent[];
  /** A sample of /metrics matching every given label; 0 when absent. */
  metric(name: string, labels?: Record<string, string>): Promise<number>;
}

/** A gateway in front of the fake upstream with these extra config lines, evidence captured from the start. */
export async function startGuardedGateway(upstream: FakeUpstream, lines: string): Promise<GuardedGateway> {
  const gw = await startGateway(baseConfig(upstream.baseUrl, lines));
  const events: EvidenceEvent[] = [];
  gw.gateway.runtime.kernel.hooks.evidence.tap('test-capture', (event) => void events.push(event));
  return {
    ...gw,
    events,
    eventsOf: (traceId) => events.filter((e) => e.trace_id === traceId),
    metric: async (name, labels = {}) => sampleValue(parsePrometheusText(await gw.metricsText()), name, labels) ?? 0,
  };
}

/** gw_guard_requests_total for one guard, stage and outcome. */
export function guardCount(gw: GuardedGateway, guard: GuardKind, stage: string, outcome: string): Promise<number> {
  return gw.metric('gw_guard_requests_total', { guard, stage, outcome });
}

export interface Failure {
  readonly status: number;
  readonly code: string | undefined;
  readonly traceId: string | null;
}

/** The HTTP status, error code and trace id of a call the gateway refused. */
export async function failureOf(call: Promise<unknown>): Promise<Failure> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof OpenAI.APIError)) throw error;
    return {
      status: error.status ?? 0,
      code: (error.error as { code?: string } | undefined)?.code,
      traceId: error.headers?.get('x-sluice-trace-id') ?? null,
    };
  }
  throw new Error('the call succeeded; a failure was expected');
}

/** One user question through the official client, with its HTTP response. */
export function ask(gw: GatewayUnderTest, content: string, headers: Record<string, string> = {}) {
  return gw.client.chat.completions
    .create({ model: 'test-model', messages: [{ role: 'user', content }] }, { headers })
    .withResponse();
}

/** One streamed question through the official client: the text it assembled, its chunk ids, its response. */
export async function askStreamed(gw: GatewayUnderTest, content: string) {
  const { data, response } = await gw.client.chat.completions
    .create({ model: 'test-model', messages: [{ role: 'user', content }], stream: true })
    .withResponse();
  let text = '';
  const ids = new Set<string>();
  for await (const chunk of data) {
    ids.add(chunk.id);
    text += chunk.choices[0]?.delta.content ?? '';
  }
  return { text, ids: [...ids], response };
}
