/** A kernel with the exact cache and a counting stub upstream. */
import { Exchange, Kernel, type ChatRequest, type Mode } from '@sluice/core';
import { ExactCachePlugin, type ExactCacheOptionsInput } from '@sluice/plugin-exact-cache';
import { pino } from 'pino';

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
  let calls = 0;
  kernel.hooks.upstream.tapPromise('stub-upstream', async (exchange) => {
    calls += 1;
    const content = `answer ${calls} to ${String(exchange.request.messages.at(-1)?.content)}`;
    return {
      status: 200,
      body: {
        id: `chatcmpl-${calls}`,
        object: 'chat.completion',
        created: calls,
        model: exchange.request.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 },
      },
    };
  });
  await kernel.start();
  return {
    kernel,
    plugin,
    upstreamCalls: () => calls,
    async ask(content, askMode = mode) {
      const request: ChatRequest = { model: 'test-model', messages: [{ role: 'user', content }] };
      const exchange = new Exchange({ request, mode: askMode });
      await kernel.run(exchange);
      return exchange;
    },
    async counter(name, labels = {}) {
      const metric = kernel.metrics.registry.getSingleMetric(name);
      if (metric === undefined) return 0;
      const values = (await metric.get()).values.filter((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l));
      return values.reduce((sum, v) => sum + v.value, 0);
    },
  };
}
