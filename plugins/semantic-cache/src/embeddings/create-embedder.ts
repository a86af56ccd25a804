/** The embedder the configuration names: the offline local one, or an OpenAI-compatible endpoint. */
import type { Metrics } from '@sluice/core';
import type { Embedder } from './embedder.js';
import { LocalEmbedder } from './local-embedder.js';
import { OpenAIEmbedder } from './openai-embedder.js';
import type { SemanticCacheOptions } from '../options.js';

/** `vectorSize`, when configured, makes a reply of another length fail at the embedder itself. */
export function createEmbedder(options: SemanticCacheOptions['embedding'], metrics: Metrics, vectorSize?: number): Embedder {
  if (options.provider === 'local') return new LocalEmbedder({ dims: options.localDims });
  if (options.baseUrl === undefined) throw new Error('embedding_base_url is required with embedding_provider openai_compatible');
  return new OpenAIEmbedder({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    model: options.model,
    timeoutMs: Math.round(options.timeoutSeconds * 1000),
    connections: options.connections,
    ...(vectorSize === undefined ? {} : { dims: vectorSize }),
    metrics,
  });
}
