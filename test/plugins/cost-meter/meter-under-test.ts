/** A real kernel with the cost meter, a stub upstream and an optional stub cache layer. */
import { Exchange, Kernel, type CachedResponse, type EvidenceEvent, type Mode, type ModelResponse } from '@sluice/core';
import { addLookupOverhead, CostMeterPlugin, type CostMeterOptionsInput } from '@sluice/plugin-cost-meter';
import { pino } from 'pino';

export const PRICES = Object.freeze([
  { model: 'gpt-4o', inputMicroUsdPerToken: 2.5, outputMicroUsdPerToken: 10 },
  { model: 'gpt-4o-2024-08-06', inputMicroUsdPerToken: 2, outputMicroUsdPerToken: 8 },
]);

/** A chat completion as a provider returns it; `usage` left out when no token counts are given. */
export function completion(model: string, promptTokens?: number, completionTokens?: number): ModelResponse {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: 'an answer' }, finish_reason: 'stop' }],
      ...(promptTokens === undefined || completionTokens === undefined
        ? {}
        : {
            usage: {
              prompt_tokens: promptTokens,
              completion_tokens: completionTokens,
              total_tokens: promptTokens + completionTokens,
            },
          }),
    },
  };
}

export interface MeterSetup {
  readonly mode?: Mode;
  /** What the stub cache layer answers (every lookup); no cache layer when absent. */
  readonly cached?: CachedResponse;
  /** What the stub upstream answers; default `gpt-4o` with 1234 prompt and 567 completion tokens. */
  readonly upstream?: ModelResponse;
}

export interface MeterUnderTest {
  readonly kernel: Kernel;
  readonly events: EvidenceEvent[];
  upstreamCalls(): number;
  /** Runs one request; `overheadMicroUsd` stands in for what a semantic layer would have spent on embeddings. */
  ask(model?: string, overheadMicroUsd?: number, tenant?: string): Promise<Exchange>;
  /** The sum of a counter's values, optionally of one label set. */
  counter(name: string, labels?: Record<string, string>): Promise<number>;
}

export function meterKernel(options: CostMeterOptionsInput, setup: MeterSetup = {}): MeterUnderTest {
  const mode = setup.mode ?? 'enforce';
  const kernel = new Kernel({ logger: pino({ level: 'silent' }), mode });
  kernel.use(new CostMeterPlugin(options));
  const events: EvidenceEvent[] = [];
  kernel.hooks.evidence.tap('test-sink', (event) => events.push(event));
  const cached = setup.cached;
  if (cached !== undefined) kernel.hooks.cacheLookup.tapPromise('stub-cache', async () => cached);
  let calls = 0;
  kernel.hooks.upstream.tapPromise('stub-upstream', async () => {
    calls += 1;
    return setup.upstream ?? completion('gpt-4o', 1234, 567);
  });
  return {
    kernel,
    events,
    upstreamCalls: () => calls,
    async ask(model = 'gpt-4o', overheadMicroUsd = 0, tenant = 'default') {
      const exchange = new Exchange({ request: { model, messages: [{ role: 'user', content: 'hi' }] }, mode, tenant });
      addLookupOverhead(exchange, overheadMicroUsd);
      await kernel.run(exchange);
      return exchange;
    },
    async counter(name, labels = {}) {
      const values = (await kernel.metrics.registry.getSingleMetric(name)!.get()).values;
      return values
        .filter((v) => Object.entries(labels).every(([key, value]) => v.labels[key] === value))
        .reduce((sum, v) => sum + v.value, 0);
    },
  };
}
