/** A kernel with the semantic cache (local embedder, in-process HNSW in a temp dir) and a counting stub upstream. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Exchange, Kernel, type ChatMessage, type ChatRequest, type Mode } from '@sluice/core';
import { SemanticCachePlugin, type SemanticCacheOptionsInput } from '@sluice/plugin-semantic-cache';
import { pino } from 'pino';

export interface SemanticUnderTest {
  kernel: Kernel;
  plugin: SemanticCachePlugin;
  dataDir: string;
  upstreamCalls: () => number;
  /** Runs one request whose last user turn is `question`, with optional extra fields and earlier turns. */
  ask(question: string, extra?: Partial<ChatRequest> & { earlier?: ChatMessage[]; tenant?: string }): Promise<Exchange>;
  counter(name: string, labels?: Record<string, string>): Promise<number>;
  close(): Promise<void>;
}

export async function semanticKernel(
  options: SemanticCacheOptionsInput = {},
  mode: Mode = 'enforce',
  dataDir?: string,
): Promise<SemanticUnderTest> {
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'sluice-semantic-')));
  const kernel = new Kernel({ logger: pino({ level: 'silent' }), mode });
  const plugin = new SemanticCachePlugin({ ...options, store: { dataDir: dir, autosaveSeconds: 0, ...options.store } });
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
    dataDir: dir,
    upstreamCalls: () => calls,
    async ask(question, extra = {}) {
      const { earlier = [], tenant, ...fields } = extra;
      const request: ChatRequest = {
        model: 'test-model',
        ...fields,
        messages: [...earlier, { role: 'user', content: question }],
      };
      const exchange = new Exchange({ request, mode, ...(tenant ? { tenant } : {}) });
      await kernel.run(exchange);
      return exchange;
    },
    async counter(name, labels = {}) {
      const metric = kernel.metrics.registry.getSingleMetric(name);
      if (metric === undefined) return 0;
      const values = (await metric.get()).values.filter((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l));
      return values.reduce((sum, v) => sum + v.value, 0);
    },
    async close() {
      await kernel.stop();
      if (dataDir === undefined) await rm(dir, { recursive: true, force: true });
    },
  };
}
