/** A kernel with the exact cache and the fake provider's embeddings behind the embeddings codec, in process. */
import { Exchange, Kernel, type EvidenceEvent, type Mode } from '@sluice/core';
import { ExactCachePlugin, type ExactCacheOptionsInput } from '@sluice/plugin-exact-cache';
import '@sluice/plugin-openai-upstream';
import { embeddingsCodec } from '@sluice/wire';
import { pino } from 'pino';
import { fakeEmbeddings } from '../../fixtures/fake-embeddings.js';
import { metricValue } from '../../fixtures/stub-upstream.js';

export const EMBEDDING_MODEL = 'text-embedding-3-small';

export interface EmbeddingsCacheUnderTest {
  kernel: Kernel;
  /** The bodies the upstream received, in order. */
  readonly received: Record<string, unknown>[];
  readonly events: EvidenceEvent[];
  embed(
    body: Record<string, unknown>,
    init?: { mode?: Mode; tenant?: string; headers?: Record<string, string> },
  ): Promise<Exchange>;
  counter(name: string, labels?: Record<string, string>): Promise<number>;
  stop(): Promise<void>;
}

/** How the provider's reply may be altered before the gateway reads it (a provider that misbehaves). */
export type ReplyEdit = (body: { data: unknown[]; [field: string]: unknown }) => unknown;

export async function embeddingsCacheKernel(
  options: ExactCacheOptionsInput = {},
  mode: Mode = 'enforce',
  edit: ReplyEdit = (body) => body,
): Promise<EmbeddingsCacheUnderTest> {
  const kernel = new Kernel({ logger: pino({ level: 'silent' }), mode, logEvidence: false });
  kernel.use(new ExactCachePlugin(options));
  const received: Record<string, unknown>[] = [];
  const events: EvidenceEvent[] = [];
  kernel.hooks.evidence.tap('capture', (event) => void events.push(event));
  kernel.hooks.upstream.tapPromise('fake-embeddings', async (exchange) => {
    const body = embeddingsCodec.upstreamBody(exchange.request) as Record<string, unknown>;
    received.push(body);
    const reply = fakeEmbeddings(body);
    const view = embeddingsCodec.responseView(edit(reply.body as Parameters<ReplyEdit>[0]));
    if (view.usage !== undefined) exchange.usage = view.usage;
    return { status: reply.status, body: view };
  });
  await kernel.start();
  return {
    kernel,
    received,
    events,
    async embed(body, init = {}) {
      const exchange = new Exchange({
        request: embeddingsCodec.parse({ model: EMBEDDING_MODEL, ...body }),
        endpoint: 'embeddings',
        mode: init.mode ?? mode,
        ...(init.tenant ? { tenant: init.tenant } : {}),
        ...(init.headers ? { headers: init.headers } : {}),
      });
      await kernel.run(exchange);
      return exchange;
    },
    counter: (name, labels = {}) => metricValue(kernel.metrics, name, labels),
    stop: () => kernel.stop(),
  };
}

/** The client's view of a finished exchange: what the codec hands back. */
export function clientList(exchange: Exchange): {
  data: { index: number; embedding: number[] | string }[];
  usage: { prompt_tokens: number; total_tokens: number };
} {
  if (exchange.response === undefined) throw new Error(`no response: ${exchange.error?.code}`);
  return embeddingsCodec.clientBody(exchange.response, exchange) as never;
}
