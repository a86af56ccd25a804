/** Options of the semantic-cache plugin. */
import Type from 'typebox';
import { LOCAL_EMBEDDER_DEFAULT_DIMS } from './embeddings/local-embedder.js';

/**
 * Measured with 100,000 entries of a 200-character question and a 1,200-character answer at 256
 * dimensions: 2.4 KB of V8 heap and 3.8 KB of RSS an entry (358 MiB in all), 2.7 KB of it counted toward
 * `maxBytes`. The hit path's cost is measured at this size (performance.md), so the default keeps a store
 * there instead of letting it grow without end; larger answers need `maxBytes` to bound memory.
 */
export const SEMANTIC_MAX_ENTRIES_DEFAULT = 100_000;

const Seconds = (fallback: number) => Type.Number({ exclusiveMinimum: 0, default: fallback });

export const SemanticCacheOptionsSchema = Type.Object(
  {
    threshold: Type.Number({ minimum: -1, maximum: 1, default: 0.92 }),
    ttlSeconds: Seconds(86400),
    verify: Type.Boolean({ default: true }),
    failOpen: Type.Boolean({ default: true }),
    requireLastUser: Type.Boolean({ default: true }),
    skipMultipleChoices: Type.Boolean({ default: true }),
    volatileUser: Type.Boolean({ default: false }),
    /** Nearest entries looked at per lookup; the first that passes threshold and verification answers. */
    candidates: Type.Integer({ minimum: 1, maximum: 100, default: 4 }),
    /** Search breadth (HNSW ef) of a lookup: the cost of a hit grows with it. */
    searchEf: Type.Integer({ minimum: 1, maximum: 10000, default: 32 }),
    /**
     * Breadth of a cheaper first search; the lookup searches again at `searchEf` only when it finds no
     * verified hit. 0: one search at `searchEf`.
     */
    quickSearchEf: Type.Integer({ minimum: 0, maximum: 10000, default: 8 }),
    maxEntryBytes: Type.Integer({ minimum: 1, default: 1024 * 1024 }),
    embedding: Type.Object(
      {
        provider: Type.Union([Type.Literal('local'), Type.Literal('openai_compatible')], { default: 'local' }),
        baseUrl: Type.Optional(Type.String({ minLength: 1 })),
        apiKey: Type.String({ default: 'dummy' }),
        model: Type.String({ minLength: 1, default: 'sluice-lexical-v1' }),
        timeoutSeconds: Seconds(120),
        connections: Type.Integer({ minimum: 1, maximum: 1024, default: 16 }),
        /** USD per 1M input tokens (= micro-USD per token). */
        price: Type.Number({ minimum: 0, default: 0 }),
        /** Output length of the local embedder. */
        localDims: Type.Integer({ minimum: 16, maximum: 8192, default: LOCAL_EMBEDDER_DEFAULT_DIMS }),
      },
      { additionalProperties: false, default: {} },
    ),
    store: Type.Object(
      {
        /** Absent: the in-process `hnsw` backend in `dataDir`. */
        vectordbUrl: Type.Optional(Type.String({ minLength: 1 })),
        apiKey: Type.String({ default: '' }),
        collection: Type.String({ minLength: 1, default: 'sluice_semantic' }),
        /** Must equal the embedding output length; taken from the embedder when absent. */
        vectorSize: Type.Optional(Type.Integer({ minimum: 1 })),
        dataDir: Type.String({ minLength: 1, default: './data/semantic-cache' }),
        timeoutSeconds: Seconds(0.5),
        readinessRequired: Type.Boolean({ default: true }),
        autosaveSeconds: Type.Number({ minimum: 0, default: 300 }),
        /** In-process store: most entries kept; expired entries go first, then the least recently hit. */
        maxEntries: Type.Integer({ minimum: 1, default: SEMANTIC_MAX_ENTRIES_DEFAULT }),
        /** In-process store: most bytes kept (text of the payload plus the vector, see `entryBytes`); 0: no byte bound. */
        maxBytes: Type.Integer({ minimum: 0, default: 0 }),
      },
      { additionalProperties: false, default: {} },
    ),
  },
  { additionalProperties: false },
);

export type SemanticCacheOptions = Type.Static<typeof SemanticCacheOptionsSchema>;
export type SemanticCacheOptionsInput = Partial<Omit<SemanticCacheOptions, 'embedding' | 'store'>> & {
  embedding?: Partial<SemanticCacheOptions['embedding']>;
  store?: Partial<SemanticCacheOptions['store']>;
};
