/** A kernel with the semantic cache (local embedder, in-process HNSW in a temp dir) and a counting stub upstream. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Exchange, Kernel, type ChatMessage, type ChatRequest, type Mode } from '@sluice/core';
import { SemanticCachePlugin, type SemanticCacheOptionsInput } from '@sluice/plugin-semantic-cache';
import { pino } from 'pino';
import { metricValue, tapStubUpstream } from '../../fixtures/stub-upstream.js';

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
  const upstreamCalls = tapStubUpstream(kernel);
  await kernel.start();
  return {
    kernel,
    plugin,
    dataDir: dir,
    upstreamCalls,
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
    counter: (name, labels = {}) => metricValue(kernel.metrics, name, labels),
    async close() {
      await kernel.stop();
      if (dataDir === undefined) await rm(dir, { recursive: true, force: true });
    },
  };
}
