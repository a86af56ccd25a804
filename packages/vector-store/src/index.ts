/** @sluice/vector-store: the VectorStore interface and its backends: in-process HNSW (hnswlib-node, persisted as a paired set with a write-ahead log) and Qdrant (gRPC). */
export type {
  Metric,
  PayloadMatch,
  PayloadRange,
  PayloadFilter,
  VectorRecord,
  VectorHit,
  SearchOptions,
  UpsertOutcome,
  VectorStore,
} from './vector-store.js';
export { boundedDistance, METRICS, similarityOf } from './vector-store.js';
export { VectorStoreError, type VectorStoreErrorCode } from './vector-store-error.js';
export { HnswIndex, type AddOutcome, type HnswSearchResult } from './hnsw/hnsw-index.js';
export { HNSW_MAX_ID, type HnswIndexOptions, type ResolvedHnswIndexOptions } from './hnsw/hnsw-options.js';
export { AtomicFile, fsyncDirectory, isTempName, tempPathFor, writeFileAtomic, TEMP_MARKER } from './persistence/atomic-file.js';
export {
  ENVELOPE_MAGIC,
  extractEnvelopePayload,
  readEnvelopeHeader,
  writeEnvelope,
  type EnvelopeHeader,
  type EnvelopeHeaderInput,
} from './persistence/envelope.js';
export { loadAnswers, saveAnswers, type AnswersSnapshot, type AnswersToSave } from './persistence/answers-file.js';
export { MAX_JSON_FILE_BYTES } from './persistence/json-file.js';
export { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './persistence/file-modes.js';
export { newSnapshotId } from './persistence/snapshot-id.js';
export {
  ANSWERS_FILE_NAME,
  DEFAULT_INDEX_NAME,
  loadPairedSet,
  savePairedSet,
  TOMBSTONES_FILE_NAME,
  type LoadedPairedSet,
  type PairedSetToLoad,
  type PairedSetToSave,
  type SavedPairedSet,
} from './persistence/paired-set.js';
export {
  WriteAheadLog,
  WalReplay,
  segmentFileName,
  type TruncatedTail,
  type WalRecord,
  type WalStats,
} from './persistence/write-ahead-log.js';
export { HnswVectorStore, type HnswVectorStoreOptions, type Durability } from './hnsw/hnsw-vector-store.js';
export type { RestoreProgress } from './hnsw/restore-progress.js';
export type { SetLocation, SaveResult } from './hnsw/snapshot-io.js';
export { payloadPredicate } from './payload-filter.js';
export { QdrantVectorStore, type QdrantHealth } from './qdrant/qdrant-vector-store.js';
export { guardQdrantSessions } from './qdrant/qdrant-session-guard.js';
export {
  QDRANT_FIELD_TYPES,
  QDRANT_MAX_VECTOR_SIZE,
  resolveQdrantOptions,
  type QdrantFieldType,
  type QdrantVectorStoreOptions,
  type ResolvedQdrantOptions,
} from './qdrant/qdrant-options.js';
export type { JsonPayload, JsonValue } from './qdrant/qdrant-payload.js';
