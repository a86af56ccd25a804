/** The semantic-cache, embedding and vector database directives, and their mapping to plugin options. */
import Type from 'typebox';
import { defineDirectives, type DirectiveValues } from '@sluice/config';
import { baseUrlProblem } from '@sluice/util';
import { maskUrl } from '@sluice/util';
import { LOCAL_EMBEDDER_DEFAULT_DIMS } from './embeddings/local-embedder.js';
import { SEMANTIC_MAX_ENTRIES_DEFAULT, type SemanticCacheOptionsInput } from './options.js';

const flag = (summary: string, value: boolean) => ({ summary, args: [{ name: 'flag', schema: Type.Boolean() }], default: value });
const seconds = (summary: string, fallback?: number) => ({
  summary,
  args: [{ name: 'seconds', schema: Type.Number({ exclusiveMinimum: 0 }), unit: 'duration' as const }],
  ...(fallback === undefined ? {} : { default: fallback }),
});

export const semanticCacheDirectives = defineDirectives({
  semantic_cache_enabled: flag('Answer near-repeats of the last user turn from the semantic cache.', false),
  semantic_similarity_threshold: {
    summary: 'Least cosine similarity of a semantic hit, −1..1; higher is stricter.',
    args: [{ name: 'similarity', schema: Type.Number({ minimum: -1, maximum: 1 }) }],
    default: 0.92,
  },
  semantic_cache_ttl_seconds: seconds(
    'How long a semantic entry answers; an expired entry stays until pruned, or until a full store evicts it first.',
    86400,
  ),
  semantic_verify: flag(
    'Reject a candidate whose numbers or negations differ from the question (e.g. "2 + 3" vs "2 + 4").',
    true,
  ),
  semantic_fail_open: flag(
    'When embedding or the vector store fails, skip the semantic step and go upstream instead of failing the request.',
    true,
  ),
  semantic_require_last_user: flag(
    'Only look up when the last message is from the user (agent and tool loops are never answered from the cache).',
    true,
  ),
  semantic_skip_multiple_choices: flag('Never look up a request that asks for n > 1 choices.', true),
  semantic_candidates: {
    summary: 'Nearest entries a lookup considers; the first that passes threshold and verification answers.',
    args: [{ name: 'count', schema: Type.Integer({ minimum: 1, maximum: 100 }) }],
    default: 4,
  },
  semantic_search_ef: {
    summary:
      'Search breadth (HNSW ef) of a semantic lookup. Higher finds the nearest entry more surely in a crowded store, at a CPU cost per lookup that grows with it.',
    args: [{ name: 'ef', schema: Type.Integer({ minimum: 1, maximum: 10000 }) }],
    default: 32,
  },
  semantic_quick_search_ef: {
    summary:
      'Search breadth of a cheaper first search. A near-repeat is almost always among its few nearest, so a hit costs this breadth; only a lookup it leaves without a verified hit searches again at `semantic_search_ef`. 0: one search.',
    args: [{ name: 'ef', schema: Type.Integer({ minimum: 0, maximum: 10000 }) }],
    default: 8,
  },
  semantic_cache_data_dir: {
    summary: 'Directory of the in-process HNSW store (used when `vectordb_url` is absent); `live/` and `evaluation/` inside.',
    args: [{ name: 'path', schema: Type.String({ minLength: 1 }) }],
    default: './data/semantic-cache',
  },
  semantic_cache_autosave_seconds: {
    summary: 'In-process store: save every N seconds (0: only at shutdown).',
    args: [{ name: 'seconds', schema: Type.Number({ minimum: 0 }), unit: 'duration' }],
    default: 300,
  },
  semantic_cache_max_entries: {
    summary:
      'In-process store: most entries kept. A store past it deletes expired entries first, then the least recently hit (or stored).',
    args: [{ name: 'count', schema: Type.Integer({ minimum: 1 }) }],
    default: SEMANTIC_MAX_ENTRIES_DEFAULT,
  },
  semantic_cache_max_bytes: {
    summary:
      "In-process store: most bytes kept, counting each entry's question, answer, scope and model text and its vector (4 bytes a dimension); evicts as `semantic_cache_max_entries` does. 0: no byte bound.",
    args: [{ name: 'size', schema: Type.Integer({ minimum: 0 }), unit: 'size' }],
    default: 0,
  },
  embedding_provider: {
    summary: '`local` (offline lexical embedder, no network) or `openai_compatible` (`POST {embedding_base_url}/v1/embeddings`).',
    args: [{ name: 'kind', schema: Type.Union([Type.Literal('local'), Type.Literal('openai_compatible')]) }],
    default: 'local',
  },
  embedding_base_url: {
    summary: 'Embedding provider root or `/v1` base (may differ from the chat upstream). A full endpoint path is an error.',
    args: [{ name: 'url', schema: Type.String({ minLength: 1 }) }],
    check: (value) => baseUrlProblem(String(value)),
  },
  embedding_api_key: {
    summary: 'Key sent to the embedding provider. `dummy`, `none`, `null` or `-` send no Authorization header.',
    args: [{ name: 'key', schema: Type.String() }],
    secret: true,
    default: 'dummy',
  },
  embedding_model: {
    summary: 'Embedding model name (the local embedder is `sluice-lexical-v1`).',
    args: [{ name: 'model', schema: Type.String({ minLength: 1 }) }],
  },
  embedding_timeout_seconds: seconds('Embedding call timeout. Falls back to `request_timeout_seconds`.'),
  embedding_price: {
    summary: 'Embedding price in USD per 1M input tokens (= micro-USD per token), counted as lookup overhead.',
    args: [{ name: 'usd_per_million_tokens', schema: Type.Number({ minimum: 0 }) }],
    default: 0,
  },
  embedding_local_dims: {
    summary: 'Output length of the local embedder.',
    args: [{ name: 'dims', schema: Type.Integer({ minimum: 16, maximum: 8192 }) }],
    default: LOCAL_EMBEDDER_DEFAULT_DIMS,
  },
  vectordb_url: {
    summary: 'Qdrant gRPC address (`http://host:6334`), without a path or query; absent: the in-process HNSW store.',
    args: [{ name: 'url', schema: Type.String({ pattern: '^https?://' }) }],
    check: (value) => vectordbUrlProblem(String(value)),
  },
  vectordb_api_key: {
    summary: 'Qdrant API key.',
    args: [{ name: 'key', schema: Type.String() }],
    secret: true,
  },
  vectordb_collection: {
    summary: 'Qdrant collection of the semantic cache; observe mode uses `<name>_evaluation`.',
    args: [{ name: 'name', schema: Type.String({ pattern: '^[A-Za-z0-9_-]+$' }) }],
    default: 'sluice_semantic',
  },
  vectordb_vector_size: {
    summary: 'Vector size of the semantic collection; must equal the embedding output length (checked at start).',
    args: [{ name: 'size', schema: Type.Integer({ minimum: 1, maximum: 65536 }) }],
  },
  vectordb_timeout_seconds: seconds('Longest a vector database call may take.', 0.5),
  vectordb_readiness_required: flag('Report not ready while the vector database is down (Qdrant only).', true),
});

/**
 * Why a Qdrant address is unusable, as the store refuses it at start; undefined when it is fine. Checked with
 * the file, so a start that would only log it (`semantic_fail_open on`) refuses it too. Quoted masked only.
 * @example
 * vectordbUrlProblem('http://qdrant:6334/collections'); // 'must name a host and port only, …; did you mean "http://qdrant:6334"?'
 */
function vectordbUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${maskUrl(value)}" is not a URL; write Qdrant's gRPC address, e.g. http://qdrant:6334`;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '')
    return "must be an http:// or https:// URL of Qdrant's gRPC port, e.g. http://qdrant:6334";
  // The gRPC client drops a path and a query silently, and Qdrant serves gRPC at the root.
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '')
    return `must name a host and port only, without a path or query; did you mean "${url.origin}"?`;
  return undefined;
}

/** The plugin's options, or undefined when `semantic_cache_enabled off`. */
export function semanticCacheOptionsFromConfig(config: DirectiveValues): SemanticCacheOptionsInput | undefined {
  if (config.get<boolean>('semantic_cache_enabled') !== true) return undefined;
  const provider = config.get<'local' | 'openai_compatible'>('embedding_provider') ?? 'local';
  const optional = <T>(name: string, key: string) => {
    const value = config.get<T>(name);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    threshold: config.get<number>('semantic_similarity_threshold') ?? 0.92,
    ttlSeconds: config.get<number>('semantic_cache_ttl_seconds') ?? 86400,
    verify: config.get<boolean>('semantic_verify') ?? true,
    failOpen: config.get<boolean>('semantic_fail_open') ?? true,
    requireLastUser: config.get<boolean>('semantic_require_last_user') ?? true,
    skipMultipleChoices: config.get<boolean>('semantic_skip_multiple_choices') ?? true,
    candidates: config.get<number>('semantic_candidates') ?? 4,
    searchEf: config.get<number>('semantic_search_ef') ?? 32,
    quickSearchEf: config.get<number>('semantic_quick_search_ef') ?? 8,
    // One switch for both caches: `user` identifies the caller, not the question.
    volatileUser: config.get<boolean>('exact_cache_volatile_user') ?? false,
    embedding: {
      provider,
      ...optional<string>('embedding_base_url', 'baseUrl'),
      apiKey: config.get<string>('embedding_api_key') ?? 'dummy',
      model: config.get<string>('embedding_model') ?? (provider === 'local' ? 'sluice-lexical-v1' : 'text-embedding-3-small'),
      timeoutSeconds: config.get<number>('embedding_timeout_seconds') ?? config.get<number>('request_timeout_seconds') ?? 120,
      price: config.get<number>('embedding_price') ?? 0,
      localDims: config.get<number>('embedding_local_dims') ?? LOCAL_EMBEDDER_DEFAULT_DIMS,
    },
    store: {
      ...optional<string>('vectordb_url', 'vectordbUrl'),
      apiKey: config.get<string>('vectordb_api_key') ?? '',
      collection: config.get<string>('vectordb_collection') ?? 'sluice_semantic',
      ...optional<number>('vectordb_vector_size', 'vectorSize'),
      dataDir: config.get<string>('semantic_cache_data_dir') ?? './data/semantic-cache',
      timeoutSeconds: config.get<number>('vectordb_timeout_seconds') ?? 0.5,
      readinessRequired: config.get<boolean>('vectordb_readiness_required') ?? true,
      autosaveSeconds: config.get<number>('semantic_cache_autosave_seconds') ?? 300,
      maxEntries: config.get<number>('semantic_cache_max_entries') ?? SEMANTIC_MAX_ENTRIES_DEFAULT,
      maxBytes: config.get<number>('semantic_cache_max_bytes') ?? 0,
    },
  };
}

/** What `--test-config` can check without a call: the local embedder's length against the collection's. */
export function semanticConfigProblem(config: DirectiveValues): string | undefined {
  if (config.get<boolean>('semantic_cache_enabled') !== true) return undefined;
  const size = config.get<number>('vectordb_vector_size');
  const provider = config.get<string>('embedding_provider') ?? 'local';
  if (provider === 'local' && size !== undefined) {
    const dims = config.get<number>('embedding_local_dims') ?? LOCAL_EMBEDDER_DEFAULT_DIMS;
    if (dims !== size)
      return `vectordb_vector_size ${size} does not match the local embedder's output length ${dims} (embedding_local_dims)`;
  }
  if (provider === 'openai_compatible' && config.get<string>('embedding_base_url') === undefined) {
    return 'embedding_provider openai_compatible needs embedding_base_url';
  }
  return undefined;
}
