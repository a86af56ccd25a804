export type { Metric, PayloadMatch, VectorRecord, VectorHit, SearchOptions, UpsertOutcome, VectorStore } from './vector-store.js';
export { METRICS, similarityOf } from './vector-store.js';
export { VectorStoreError, type VectorStoreErrorCode } from './vector-store-error.js';
export { HnswIndex, type AddOutcome, type HnswSearchResult } from './hnsw/hnsw-index.js';
export { HNSW_MAX_ID, type HnswIndexOptions, type ResolvedHnswIndexOptions } from './hnsw/hnsw-options.js';
