/** Several fake providers behind one gateway or one kernel, named in `upstream` blocks. */
import type { EvidenceEvent } from '@sluice/core';
import { Kernel } from '@sluice/core';
import { OpenAIUpstreamPlugin, type OpenAIUpstreamOptionsInput } from '@sluice/plugin-openai-upstream';
import { pino } from 'pino';
import { startFakeUpstream, type FakeUpstream } from '../../../fixtures/fake-upstream.js';
import { metricValue } from '../../../fixtures/stub-upstream.js';
import { startGateway, type GatewayUnderTest } from '../../../apps/gateway/gateway-under-test.js';

/** `upstream <name> { base_url …; }` for each provider, with more statements in its block when given. */
export function upstreamBlocks(
  upstreams: Readonly<Record<string, string>>,
  extra: Readonly<Record<string, string>> = {},
): string {
  return Object.entries(upstreams)
    .map(([name, baseUrl]) => `upstream ${name} { base_url ${baseUrl}; ${extra[name] ?? ''} }`)
    .join('\n');
}

/** A gateway with the exact cache off (every request reaches an upstream), its evidence kept. */
export async function gatewayWithUpstreams(blocks: string, extra = ''): Promise<GatewayUnderTest & { events: EvidenceEvent[] }> {
  const gw = await startGateway(`
${blocks}
upstream_timeout_seconds 5;
upstream_retry_base_ms 10;
model_price test-model 1.0 2.0;
model_price other-model 1.0 2.0;
exact_cache_enabled off;
streaming_enabled on;
log_level silent;
${extra}
`);
  const events: EvidenceEvent[] = [];
  gw.gateway.runtime.kernel.hooks.evidence.tap('test-capture', (event) => void events.push(event));
  return { ...gw, events };
}

/** A kernel with the upstream plugin alone. */
export async function kernelWithUpstreams(options: OpenAIUpstreamOptionsInput): Promise<Kernel> {
  const kernel = new Kernel({ logger: pino({ level: 'silent' }) });
  kernel.use(new OpenAIUpstreamPlugin({ retryBaseMs: 10, ...options }));
  await kernel.start();
  return kernel;
}

export async function fakeUpstreams(count: number): Promise<FakeUpstream[]> {
  return Promise.all(Array.from({ length: count }, () => startFakeUpstream()));
}

/** Calls the fake received on the chat route. */
export const chatCalls = (upstream: FakeUpstream): number =>
  upstream.calls.filter((call) => call.path === '/v1/chat/completions').length;

export function upstreamMetric(kernel: Kernel, name: string, labels: Record<string, string>): Promise<number> {
  return metricValue(kernel.metrics, name, labels);
}
