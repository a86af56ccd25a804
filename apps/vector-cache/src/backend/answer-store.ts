/** What the answer cache needs of its store, whichever backend holds it; and the backend around the store. */
import type { HnswVectorStore, UpsertOutcome, VectorRecord, VectorStore } from '@sluice/vector-store';
import type { AnswerRecord } from '../answer-record.js';

/** Called with the active count right before a new id is added; throws to refuse it (the license's max_vectors). */
export type AdmitNew = (activeIds: number) => void;

/**
 * The VectorStore contract over answer records, plus the license's capacity check at the moment a new id is
 * added, and the payload of one id (for its `created_at`).
 * @example
 * await store.insert({ id: 1, vector, payload: record }, (active) => license.checkCapacity(active));
 */
export interface AnswerStore extends VectorStore<AnswerRecord> {
  insert(record: VectorRecord<AnswerRecord>, admitNew?: AdmitNew): Promise<UpsertOutcome>;
  upsert(record: VectorRecord<AnswerRecord>, admitNew?: AdmitNew): Promise<UpsertOutcome>;
  payloadOf(id: number): AnswerRecord | undefined | Promise<AnswerRecord | undefined>;
}

/**
 * One opened backend: the store, what the probes and gauges read of it, and its files, when it has any.
 * @example
 * const backend = settings.backend === 'qdrant' ? await openQdrantBackend(settings) : await openHnswBackend(settings, options);
 */
export interface StoreBackend {
  readonly store: AnswerStore;
  /** The paired snapshot set and answers files of the `hnsw` backend; undefined for `qdrant`, whose data is Qdrant's. */
  readonly files: HnswVectorStore<AnswerRecord> | undefined;
  /** Why writes or reads cannot be served now, or undefined. */
  notReady(): Promise<string | undefined>;
  /** For the `svc_active_ids` and `svc_answers_cached` gauges; never throws. */
  activeIds(): Promise<number>;
  answersCached(): Promise<number>;
  close(): Promise<void>;
}
