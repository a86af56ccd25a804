/**
 * The `qdrant` backend: vectors and answers in one Qdrant collection over gRPC, shared by every instance
 * configured with it. Each answer record is the point's payload; a delete removes the point (Qdrant keeps no
 * tombstones of ours); there are no local files.
 */
import { QdrantVectorStore, VectorStoreError, type SearchOptions, type VectorHit, type VectorRecord } from '@sluice/vector-store';
import { answerRecordProblem, type AnswerRecord } from '../answer-record.js';
import { SettingError, type QdrantSettings, type VectorCacheSettings } from '../settings.js';
import type { AdmitNew, AnswerStore, StoreBackend } from './answer-store.js';

/**
 * The answer store over a Qdrant collection. `admitNew` is checked against Qdrant's exact count before the
 * write: with several instances writing at once the license's `max_vectors` can be passed by the writes
 * that were counted together.
 */
class QdrantAnswerStore implements AnswerStore {
  readonly backend = 'qdrant';
  readonly #points: QdrantVectorStore<AnswerRecord>;

  constructor(points: QdrantVectorStore<AnswerRecord>) {
    this.#points = points;
  }

  get dims(): number {
    return this.#points.dims;
  }

  get metric() {
    return this.#points.metric;
  }

  async insert(record: VectorRecord<AnswerRecord>, admitNew?: AdmitNew) {
    if (admitNew !== undefined) await this.#admit(record.id, admitNew);
    return this.#points.insert(record);
  }

  async upsert(record: VectorRecord<AnswerRecord>, admitNew?: AdmitNew) {
    if (admitNew !== undefined) await this.#admit(record.id, admitNew);
    return this.#points.upsert(record);
  }

  delete(id: number): Promise<boolean> {
    return this.#points.delete(id);
  }

  deleteWhere(filter: Parameters<AnswerStore['deleteWhere']>[0]): Promise<number> {
    return this.#points.deleteWhere(filter);
  }

  /** Points whose payload is not an answer record (written by another tool) are passed over. */
  async search(query: readonly number[], options: SearchOptions): Promise<VectorHit<AnswerRecord>[]> {
    const hits = await this.#points.search(query, options);
    return hits.filter((hit) => answerRecordProblem(hit.payload) === undefined);
  }

  get(id: number): Promise<VectorRecord<AnswerRecord> | undefined> {
    return this.#points.get(id);
  }

  async payloadOf(id: number): Promise<AnswerRecord | undefined> {
    return (await this.#points.get(id))?.payload;
  }

  count(): Promise<number> {
    return this.#points.count();
  }

  iterate(): AsyncIterable<VectorRecord<AnswerRecord>> {
    return this.#points.iterate();
  }

  close(): Promise<void> {
    return this.#points.close();
  }

  health() {
    return this.#points.health();
  }

  async #admit(id: number, admitNew: AdmitNew): Promise<void> {
    if ((await this.#points.get(id)) === undefined) admitNew(await this.#points.count());
  }
}

/**
 * Connects and opens the collection (created when missing, refused when its vectors are not `SVC_DIMS` long
 * with Cosine distance). A Qdrant that cannot be reached refuses the start, naming the setting to check.
 * @example
 * const backend = await openQdrantBackend(settings); // settings.backend === 'qdrant'
 */
export async function openQdrantBackend(settings: VectorCacheSettings): Promise<StoreBackend> {
  const qdrant = settings.qdrant!;
  let points: QdrantVectorStore<AnswerRecord>;
  try {
    points = await QdrantVectorStore.open<AnswerRecord>({
      url: qdrant.url,
      collection: qdrant.collection,
      vectorSize: settings.dims,
      timeoutMs: qdrant.timeoutMs,
      ...(qdrant.apiKey === undefined ? {} : { apiKey: qdrant.apiKey.reveal() }),
    });
  } catch (error) {
    throw openFailure(error, qdrant);
  }
  const store = new QdrantAnswerStore(points);
  // The gauges keep their last value while Qdrant does not answer: /metrics stays up, /readyz says why.
  const last = { count: 0 };
  const counted = async () => {
    try {
      last.count = await store.count();
    } catch {
      // the last count stays
    }
    return last.count;
  };
  return {
    store,
    files: undefined,
    notReady: async () => {
      const health = await answeredWithin(READINESS_LIMIT_MS, store.health());
      if (health === undefined) return `qdrant did not answer the health check within ${READINESS_LIMIT_MS} ms`;
      return health.ok ? undefined : health.reason;
    },
    activeIds: counted,
    // Every point holds its answer in its payload.
    answersCached: counted,
    close: () => store.close(),
  };
}

/** A probe answers within this, whatever SVC_QDRANT_TIMEOUT_SECS allows a call: a Qdrant that hangs is not ready. */
const READINESS_LIMIT_MS = 2000;

function answeredWithin<T>(ms: number, answer: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, ms, undefined)));
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

function openFailure(error: unknown, qdrant: QdrantSettings): Error {
  if (!(error instanceof VectorStoreError)) return error as Error;
  const where = `cannot open Qdrant collection "${qdrant.collection}": ${error.message}`;
  if (error.code === 'failed_precondition') {
    return new SettingError('SVC_QDRANT_COLLECTION', `${where} (use another collection, or set SVC_DIMS to its size)`);
  }
  if (error.message.includes('(unauthenticated)')) return new SettingError('SVC_QDRANT_API_KEY', `${where} (check the key)`);
  return new SettingError('SVC_QDRANT_URL', where);
}
