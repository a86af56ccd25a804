/** A kernel with the exact cache and a counting stub upstream. */
import { Exchange, Kernel, type ChatRequest, type Mode } from '@sluice/core';
import { ExactCachePlugin, type ExactCacheOptionsInput } from '@sluice/plugin-exact-cache';
import { pino } from 'pino';
import { metricValue, tapStubUpstream } from '../../fixtures/stub-upstream.js';

export interface CacheUnderTest {
  kernel: Kernel;
  plugin: ExactCachePlugin;
  upstreamCalls: () => number;
  ask(content: string, mode?: Mode): Promise<Exchange>;
  counter(name: string, labels?: Record<string, string>): Promise<number>;
}

export async function cacheKernel(options: ExactCacheOptionsInput = {}, mode: Mode = 'enforce'): Promise<CacheUnderTest> {
  const kernel = new Kernel({ logger: pino({ level: 'silent' }), mode });
  const plugin = new ExactCachePlugin(options);
  kernel.use(plugin);
  const upstreamCalls = tapStubUpstream(kernel);
  await kernel.start();
  return {
    kernel,
    plugin,
    upstreamCalls,
    async ask(content, askMode = mode) {
      const request: ChatRequest = { model: 'test-model', messages: [{ role: 'user', content }] };
      const exchange = new Exchange({ request, mode: askMode });
      await kernel.run(exchange);
      return exchange;
    },
    counter: (name, labels = {}) => metricValue(kernel.metrics, name, labels),
  };
}
