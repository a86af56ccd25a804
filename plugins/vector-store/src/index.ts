export type { Metric, PayloadMatch, VectorRecord, VectorHit, SearchOptions, UpsertOutcome, VectorStore } from './vector-store.js';
export { METRICS, similarityOf } from './vector-store.js';
export { VectorStoreError, type VectorStoreErrorCode } from './vector-store-error.js';
