/**
 * Options of the semantic-cache plugin, declared once: each property carries its default, its bounds and,
 * where a config file may set it, its directive, unit and reference text. The config language derives the
 * directives, their defaults, `--print-config` masking and the reference rows from this schema.
 */
import Type from 'typebox';
import { directive, inherits, optionSet } from '@sluice/config';
import { baseUrlProblem } from '@sluice/util';
import { LOCAL_EMBEDDER_DEFAULT_DIMS } from './embeddings/local-embedder.js';
import { semanticOptionsProblem } from './options-check.js';
import {
  LOCAL_RESTATED_THRESHOLD_DEFAULT,
  LOCAL_THRESHOLD_DEFAULT,
  NEURAL_RESTATED_THRESHOLD_DEFAULT,
  NEURAL_THRESHOLD_DEFAULT,
  restatedThreshold,
  similarityThreshold,
} from './threshold-default.js';
import { SAME_WORDING_THRESHOLD_DEFAULT } from './verification/same-wording.js';
import { VERIFICATION_RULES, type VerificationReason } from './verification/verify-pair.js';
import { closeWordingHits, restatedHits, verificationRules } from './verify-rules-default.js';
import { vectordbUrlProblem } from './vectordb-url.js';

/**
 * Measured with 100,000 entries of a 200-character question and a 1,200-character answer at 256
 * dimensions: 2.4 KB of V8 heap and 3.8 KB of RSS an entry (358 MiB in all), 2.7 KB of it counted toward
 * `maxBytes`. The hit path's cost is measured at this size (performance.md), so the default keeps a store
 * there instead of letting it grow without end; larger answers need `maxBytes` to bound memory.
 */
const SEMANTIC_MAX_ENTRIES_DEFAULT = 100_000;

const flag = (name: string, summary: string, value: boolean) => Type.Boolean({ default: value, ...directive(name, { summary }) });

export const SemanticCacheOptionsSchema = Type.Object(
  {
    /** Absent: the embedder's default (`similarityThreshold`); the plugin's `options.threshold` is the one in force. */
    threshold: Type.Optional(
      Type.Number({
        minimum: -1,
        maximum: 1,
        ...directive('semantic_similarity_threshold', {
          word: 'similarity',
          summary: `Least cosine similarity of a semantic hit, −1..1; higher is stricter. Default ${LOCAL_THRESHOLD_DEFAULT} with the local embedder, ${NEURAL_THRESHOLD_DEFAULT} with \`openai_compatible\` (docs/semantic-cache.md, "Choosing a threshold").`,
        }),
      }),
    ),
    sameWordingThreshold: Type.Number({
      minimum: -1,
      maximum: 1,
      default: SAME_WORDING_THRESHOLD_DEFAULT,
      ...directive('semantic_same_wording_threshold', {
        word: 'similarity',
        summary:
          'Least similarity of a hit whose question is the cached one written another way (case, punctuation, contractions, articles, spellings and one-letter typos aside), when the verification passes; at or above `semantic_similarity_threshold` it changes nothing (docs/semantic-cache.md, "Same wording").',
      }),
    }),
    /** Absent: the embedder's default (`restatedThreshold`); the plugin's `options.restatedThreshold` is the one in force. */
    restatedThreshold: Type.Optional(
      Type.Number({
        minimum: -1,
        maximum: 1,
        ...directive('semantic_restated_threshold', {
          word: 'similarity',
          summary: `Least similarity of a hit by \`semantic_restated_hits\` or \`semantic_close_wording_hits\`, when the verification passes; at or above \`semantic_similarity_threshold\` it changes nothing. Default ${LOCAL_RESTATED_THRESHOLD_DEFAULT} with the local embedder, ${NEURAL_RESTATED_THRESHOLD_DEFAULT} with \`openai_compatible\` (docs/semantic-cache.md, "Restated questions").`,
        }),
      }),
    ),
    /** Absent: the embedder's default (`restatedHits`); the plugin's `options.restatedHits` is the one in force. */
    restatedHits: Type.Optional(
      Type.Boolean({
        ...directive('semantic_restated_hits', {
          summary:
            'Below `semantic_similarity_threshold`, down to `semantic_restated_threshold`, also answer a question that restates the cached one: the same content words in any order, words that frame the ask or are said in passing aside, when the verification passes. Default on with either embedder (docs/semantic-cache.md, "Restated questions").',
        }),
      }),
    ),
    /** Absent: the embedder's default (`closeWordingHits`); the plugin's `options.closeWordingHits` is the one in force. */
    closeWordingHits: Type.Optional(
      Type.Boolean({
        ...directive('semantic_close_wording_hits', {
          summary:
            'Below `semantic_similarity_threshold`, down to `semantic_restated_threshold`, also answer a question worded closely to the cached one: the built-in lexical embedder scores the two at 0.90 or more, when the verification passes. Default on with `openai_compatible`, off with the local embedder, whose own similarity it is (docs/semantic-cache.md, "Close wording").',
        }),
      }),
    ),
    ttlSeconds: Type.Number({
      exclusiveMinimum: 0,
      default: 86400,
      ...directive('semantic_cache_ttl_seconds', {
        unit: 'duration',
        summary: 'How long a semantic entry answers; an expired entry stays until pruned, or until a full store evicts it first.',
      }),
    }),
    verify: flag(
      'semantic_verify',
      'Reject a candidate that differs from the question in what carries the answer (numbers, names, people, question type, direction ...; see `semantic_verify_rules`).',
      true,
    ),
    /**
     * One variadic directive rather than a flag per rule: the rules in force read as one list, a new rule
     * is one more word rather than one more directive, and `semantic_verify off` still turns all off.
     */
    /** Absent: the embedder's default (`verificationRules`); the plugin's `options.verifyRules` are the ones in force. */
    verifyRules: Type.Optional(
      Type.Array(Type.Unsafe<VerificationReason>(Type.Union(VERIFICATION_RULES.map((rule) => Type.Literal(rule)))), {
        ...directive('semantic_verify_rules', {
          word: 'rule',
          summary: `The hit verification's rules in force, each refusal counted by its rule: ${VERIFICATION_RULES.join(', ')}. Default: all but extra with the local embedder, all with \`openai_compatible\` (docs/semantic-cache.md says what each checks).`,
        }),
      }),
    ),
    failOpen: flag(
      'semantic_fail_open',
      'When embedding or the vector store fails, skip the semantic step and go upstream instead of failing the request.',
      true,
    ),
    requireLastUser: flag(
      'semantic_require_last_user',
      'Only look up when the last message is from the user (agent and tool loops are never answered from the cache).',
      true,
    ),
    skipMultipleChoices: flag('semantic_skip_multiple_choices', 'Never look up a request that asks for n > 1 choices.', true),
    /** One switch for both caches: `user` identifies the caller, not the question. */
    volatileUser: Type.Boolean({ default: false, ...inherits('exact_cache_volatile_user') }),
    candidates: Type.Integer({
      minimum: 1,
      maximum: 100,
      default: 4,
      ...directive('semantic_candidates', {
        summary: 'Nearest entries a lookup considers; the first that passes threshold and verification answers.',
      }),
    }),
    searchEf: Type.Integer({
      minimum: 1,
      maximum: 10000,
      default: 32,
      ...directive('semantic_search_ef', {
        word: 'ef',
        summary:
          'Search breadth (HNSW ef) of a semantic lookup. Higher finds the nearest entry more surely in a crowded store, at a CPU cost per lookup that grows with it.',
      }),
    }),
    // Top-1 recall of the in-process index against brute force, bench row (f)'s 100,000 entries: ef 4
    // (the least with the default 4 candidates) 0.997, ef 8 0.999; a hit the narrow walk misses is found
    // by the second walk at `searchEf`. ef 4 walks for about a fifth less CPU (106-112 against 135-154 µs).
    quickSearchEf: Type.Integer({
      minimum: 0,
      maximum: 10000,
      default: 4,
      ...directive('semantic_quick_search_ef', {
        word: 'ef',
        summary:
          'Search breadth of a cheaper first search. A near-repeat is almost always among its few nearest, so a hit costs this breadth; only a lookup it leaves without a verified hit searches again at `semantic_search_ef`. 0: one search.',
      }),
    }),
    /** Answers longer than this (JSON text) are not stored. */
    maxEntryBytes: Type.Integer({ minimum: 1, default: 1024 * 1024 }),
    store: Type.Object(
      {
        dataDir: Type.String({
          minLength: 1,
          default: './data/semantic-cache',
          ...directive('semantic_cache_data_dir', {
            word: 'path',
            summary:
              'Directory of the in-process HNSW store (used when `vectordb_url` is absent); `live/` and `evaluation/` inside.',
          }),
        }),
        autosaveSeconds: Type.Number({
          minimum: 0,
          default: 300,
          ...directive('semantic_cache_autosave_seconds', {
            unit: 'duration',
            summary: 'In-process store: save every N seconds (0: only at shutdown).',
          }),
        }),
        maxEntries: Type.Integer({
          minimum: 1,
          default: SEMANTIC_MAX_ENTRIES_DEFAULT,
          ...directive('semantic_cache_max_entries', {
            summary:
              'In-process store: most entries kept. A store past it deletes expired entries first, then the least recently hit (or stored).',
          }),
        }),
        maxBytes: Type.Integer({
          minimum: 0,
          default: 0,
          ...directive('semantic_cache_max_bytes', {
            unit: 'size',
            summary:
              "In-process store: most bytes kept, counting each entry's question, answer, scope and model text and its vector (4 bytes a dimension); evicts as `semantic_cache_max_entries` does. 0: no byte bound.",
          }),
        }),
        /** Absent: the in-process `hnsw` backend in `dataDir`. */
        vectordbUrl: Type.Optional(
          Type.String({
            pattern: '^https?://',
            ...directive('vectordb_url', {
              word: 'url',
              summary: 'Qdrant gRPC address (`http://host:6334`), without a path or query; absent: the in-process HNSW store.',
              check: (value: string) => vectordbUrlProblem(value),
            }),
          }),
        ),
        /** Absent or empty: no key is sent. */
        apiKey: Type.Optional(
          Type.String({ ...directive('vectordb_api_key', { word: 'key', secret: true, summary: 'Qdrant API key.' }) }),
        ),
        collection: Type.String({
          pattern: '^[A-Za-z0-9_-]+$',
          default: 'sluice_semantic',
          ...directive('vectordb_collection', {
            word: 'name',
            summary: 'Qdrant collection of the semantic cache; observe mode uses `<name>_evaluation`.',
          }),
        }),
        /** Must equal the embedding output length; taken from the embedder when absent. */
        vectorSize: Type.Optional(
          Type.Integer({
            minimum: 1,
            maximum: 65536,
            ...directive('vectordb_vector_size', {
              word: 'size',
              summary: 'Vector size of the semantic collection; must equal the embedding output length (checked at start).',
            }),
          }),
        ),
        timeoutSeconds: Type.Number({
          exclusiveMinimum: 0,
          default: 0.5,
          ...directive('vectordb_timeout_seconds', { unit: 'duration', summary: 'Longest a vector database call may take.' }),
        }),
        readinessRequired: flag(
          'vectordb_readiness_required',
          'Report not ready while the vector database is down (Qdrant only).',
          true,
        ),
      },
      { additionalProperties: false, default: {} },
    ),
    embedding: Type.Object(
      {
        provider: Type.Union([Type.Literal('local'), Type.Literal('openai_compatible')], {
          default: 'local',
          ...directive('embedding_provider', {
            word: 'kind',
            summary:
              '`local` (offline lexical embedder, no network) or `openai_compatible` (`POST {embedding_base_url}/v1/embeddings`).',
          }),
        }),
        baseUrl: Type.Optional(
          Type.String({
            minLength: 1,
            ...directive('embedding_base_url', {
              word: 'url',
              summary:
                'Embedding provider root or `/v1` base (may differ from the chat upstream). A full endpoint path is an error.',
              check: (value: string) => baseUrlProblem(value),
            }),
          }),
        ),
        apiKey: Type.String({
          default: 'dummy',
          ...directive('embedding_api_key', {
            word: 'key',
            secret: true,
            summary: 'Key sent to the embedding provider. `dummy`, `none`, `null` or `-` send no Authorization header.',
          }),
        }),
        /** The local embedder is always `sluice-lexical-v1`; this names the model of an `openai_compatible` provider. */
        model: Type.String({
          minLength: 1,
          default: 'text-embedding-3-small',
          ...directive('embedding_model', {
            word: 'model',
            summary: 'Embedding model name of an `openai_compatible` provider (the local embedder is `sluice-lexical-v1`).',
          }),
        }),
        timeoutSeconds: Type.Number({
          exclusiveMinimum: 0,
          default: 120,
          ...directive('embedding_timeout_seconds', {
            unit: 'duration',
            inherits: 'request_timeout_seconds',
            summary: 'Embedding call timeout.',
          }),
        }),
        /** Connections kept open to the embedding endpoint. */
        connections: Type.Integer({ minimum: 1, maximum: 1024, default: 16 }),
        price: Type.Number({
          minimum: 0,
          default: 0,
          ...directive('embedding_price', {
            word: 'usd_per_million_tokens',
            summary: 'Embedding price in USD per 1M input tokens (= micro-USD per token), counted as lookup overhead.',
          }),
        }),
        localDims: Type.Integer({
          minimum: 16,
          maximum: 8192,
          default: LOCAL_EMBEDDER_DEFAULT_DIMS,
          ...directive('embedding_local_dims', { word: 'dims', summary: 'Output length of the local embedder.' }),
        }),
      },
      { additionalProperties: false, default: {} },
    ),
  },
  {
    additionalProperties: false,
    ...optionSet({
      enabledBy: {
        directive: 'semantic_cache_enabled',
        summary: 'Answer near-repeats of the last user turn from the semantic cache.',
        default: false,
      },
      check: semanticOptionsProblem,
    }),
  },
);

/**
 * The options as written (defaults applied); the threshold, the verification rules, restated and closely
 * worded hits and their floor absent when not written.
 */
export type SemanticCacheOptionValues = Type.Static<typeof SemanticCacheOptionsSchema>;
/**
 * The options in force: the threshold, the verification rules, restated and closely worded hits and their
 * floor are the written ones or the embedder's defaults.
 */
export type SemanticCacheOptions = Omit<
  SemanticCacheOptionValues,
  'threshold' | 'verifyRules' | 'restatedHits' | 'closeWordingHits' | 'restatedThreshold'
> & {
  readonly threshold: number;
  readonly restatedThreshold: number;
  readonly verifyRules: readonly VerificationReason[];
  readonly restatedHits: boolean;
  readonly closeWordingHits: boolean;
};
/** The options in force, from the options as written. */
export function optionsInForce(values: Readonly<SemanticCacheOptionValues>): Readonly<SemanticCacheOptions> {
  return Object.freeze({
    ...values,
    threshold: similarityThreshold(values),
    restatedThreshold: restatedThreshold(values),
    verifyRules: verificationRules(values),
    restatedHits: restatedHits(values),
    closeWordingHits: closeWordingHits(values),
  });
}
export type SemanticCacheOptionsInput = Partial<Omit<SemanticCacheOptionValues, 'embedding' | 'store'>> & {
  embedding?: Partial<SemanticCacheOptionValues['embedding']>;
  store?: Partial<SemanticCacheOptionValues['store']>;
};
