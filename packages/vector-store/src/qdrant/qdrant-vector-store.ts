/** The `qdrant` VectorStore: one Qdrant collection over gRPC, through `@qdrant/js-client-grpc`. */
import { QdrantClient } from '@qdrant/js-client-grpc';
import { guardQdrantSessions } from './qdrant-session-guard.js';
import {
  boundedDistance,
  similarityOf,
  type Metric,
  type PayloadFilter,
  type SearchOptions,
  type UpsertOutcome,
  type VectorHit,
  type VectorRecord,
  type VectorStore,
} from '../vector-store.js';
import { VectorStoreError } from '../vector-store-error.js';
import { ensureCollection } from './qdrant-collection.js';
import { callQdrant, type FailureContext } from './qdrant-errors.js';
import { toQdrantFilter } from './qdrant-filter.js';
import { resolveQdrantOptions, type QdrantVectorStoreOptions, type ResolvedQdrantOptions } from './qdrant-options.js';
import { fromQdrantPayload, toQdrantPayload, type JsonPayload } from './qdrant-payload.js';
import {
  checkStoreId,
  checkStoreVector,
  fromPointId,
  toPointId,
  toRecord,
  type PointIdInit,
  type PointsSelectorInit,
  type PointStructInit,
} from './qdrant-point.js';

/**
 * What `health()` found: Qdrant answering with the collection present, or why not.
 * @example
 * const health: QdrantHealth = await store.health();
 * return [{ name: 'vectordb', readinessRequired: true, initialised: true, up: health.ok, ...(health.ok ? {} : { reason: health.reason }) }];
 */
export type QdrantHealth = { readonly ok: true; readonly version: string } | { readonly ok: false; readonly reason: string };

const WITH_PAYLOAD = { selectorOptions: { case: 'enable', value: true } } as const;
const WITH_VECTORS = { selectorOptions: { case: 'enable', value: true } } as const;
const WITHOUT = { selectorOptions: { case: 'enable', value: false } } as const;

/**
 * Qdrant's score for Cosine is the cosine similarity, so `distance = 1 − score`. Writes are sent with
 * `wait: true`: they resolve once Qdrant has applied them. `insert` and the outcome of `upsert` come from
 * a read before the write, so a concurrent writer of the same id can slip in between (last writer wins).
 * @example
 * const store = await QdrantVectorStore.open<SemanticEntry>({
 *   url: 'http://qdrant:6334', collection: 'semantic_cache', vectorSize: 384,
 *   indexedFields: { scope: 'keyword', expires_at: 'integer' },
 * });
 * await store.upsert({ id: 7, vector, payload: entry });
 * const hits = await store.search(query, { k: 1, filter: { match: { scope }, range: { expires_at: { gt: Date.now() } } } });
 */
export class QdrantVectorStore<P extends JsonPayload<P>> implements VectorStore<P> {
  readonly backend = 'qdrant';
  readonly metric: Metric = 'cosine';
  readonly dims: number;
  readonly collection: string;
  readonly #options: ResolvedQdrantOptions;
  readonly #client: QdrantClient;
  #closed = false;

  private constructor(options: ResolvedQdrantOptions, client: QdrantClient) {
    this.#options = options;
    this.#client = client;
    this.dims = options.vectorSize;
    this.collection = options.collection;
  }

  /** Connects, creates the collection and its payload indexes when missing, and refuses one of another layout. */
  static async open<P extends JsonPayload<P>>(options: QdrantVectorStoreOptions): Promise<QdrantVectorStore<P>> {
    const resolved = resolveQdrantOptions(options);
    guardQdrantSessions(resolved.url);
    const client = new QdrantClient({
      url: resolved.url,
      timeout: resolved.timeoutMs,
      // The version check logs through console; health() reports the server's version instead.
      checkCompatibility: false,
      ...(resolved.apiKey === undefined ? {} : { apiKey: resolved.apiKey }),
    });
    await ensureCollection(client, resolved);
    return new QdrantVectorStore<P>(resolved, client);
  }

  async insert(record: VectorRecord<P>): Promise<UpsertOutcome> {
    this.#checkRecord(record);
    if (await this.#exists(record.id, 'insert')) {
      throw new VectorStoreError('already_exists', `id ${record.id} already exists; use upsert to replace it`);
    }
    await this.#write(record, 'insert');
    return 'inserted';
  }

  async upsert(record: VectorRecord<P>): Promise<UpsertOutcome> {
    this.#checkRecord(record);
    const existed = await this.#exists(record.id, 'upsert');
    await this.#write(record, 'upsert');
    return existed ? 'replaced' : 'inserted';
  }

  async delete(id: number): Promise<boolean> {
    checkStoreId(id);
    if (!(await this.#exists(id, 'delete'))) return false;
    const points: PointsSelectorInit = { pointsSelectorOneOf: { case: 'points', value: { ids: [toPointId(id)] } } };
    await this.#call('delete', () => this.#points.delete({ collectionName: this.collection, wait: true, points }));
    return true;
  }

  /** Counts the matches, then deletes by the same filter; a write between the two makes the count approximate. */
  async deleteWhere(filter: PayloadFilter): Promise<number> {
    const qdrantFilter = toQdrantFilter(filter) ?? {};
    const collectionName = this.collection;
    const counted = await this.#call('deleteWhere: count', () =>
      this.#points.count({ collectionName, filter: qdrantFilter, exact: true }),
    );
    const matching = Number(counted.result?.count ?? 0n);
    if (matching === 0) return 0;
    const points: PointsSelectorInit = { pointsSelectorOneOf: { case: 'filter', value: qdrantFilter } };
    await this.#call('deleteWhere: delete', () => this.#points.delete({ collectionName, wait: true, points }));
    return matching;
  }

  async search(query: readonly number[], options: SearchOptions): Promise<VectorHit<P>[]> {
    checkStoreVector(query, this.dims, 'query');
    checkCount('k', options.k);
    if (options.ef !== undefined) checkCount('ef', options.ef);
    const filter = toQdrantFilter(options.filter);
    const reply = await this.#call('search', () =>
      this.#points.query({
        collectionName: this.collection,
        query: { variant: { case: 'nearest', value: { variant: { case: 'dense', value: { data: [...query] } } } } },
        limit: BigInt(options.k),
        withPayload: WITH_PAYLOAD,
        ...(filter === undefined ? {} : { filter }),
        ...(options.ef === undefined ? {} : { params: { hnswEf: BigInt(Math.max(options.ef, options.k)) } }),
      }),
    );
    const hits: VectorHit<P>[] = [];
    for (const point of reply.result) {
      const id = fromPointId(point.id);
      if (id === undefined) continue;
      const distance = boundedDistance(1 - point.score, this.metric);
      hits.push({ id, distance, similarity: similarityOf(distance), payload: fromQdrantPayload(point.payload) as P });
    }
    return hits;
  }

  async get(id: number): Promise<VectorRecord<P> | undefined> {
    checkStoreId(id);
    const reply = await this.#call('get', () =>
      this.#points.get({
        collectionName: this.collection,
        ids: [toPointId(id)],
        withPayload: WITH_PAYLOAD,
        withVectors: WITH_VECTORS,
      }),
    );
    return toRecord<P>(reply.result[0]);
  }

  /** Exact count (Qdrant's default count is an estimate). */
  async count(): Promise<number> {
    const reply = await this.#call('count', () => this.#points.count({ collectionName: this.collection, exact: true }));
    return Number(reply.result?.count ?? 0n);
  }

  /** Scroll pages in id order; a record written or deleted meanwhile may or may not be seen, none twice. */
  async *iterate(): AsyncIterable<VectorRecord<P>> {
    let offset: PointIdInit | undefined;
    do {
      const page = await this.#call('iterate', () =>
        this.#points.scroll({
          collectionName: this.collection,
          limit: this.#options.pageSize,
          withPayload: WITH_PAYLOAD,
          withVectors: WITH_VECTORS,
          ...(offset === undefined ? {} : { offset }),
        }),
      );
      for (const point of page.result) {
        const record = toRecord<P>(point);
        if (record !== undefined) yield record;
      }
      offset = page.nextPageOffset;
    } while (offset !== undefined);
  }

  /** For readiness probes: never throws. */
  async health(): Promise<QdrantHealth> {
    if (this.#closed) return { ok: false, reason: 'the vector store is closed' };
    try {
      const reply = await this.#call('health', () => this.#client.api('service').healthCheck({}));
      const exists = await this.#call('health', () =>
        this.#client.api('collections').collectionExists({ collectionName: this.collection }),
      );
      if (exists.result?.exists !== true) return { ok: false, reason: `qdrant collection "${this.collection}" is missing` };
      return { ok: true, version: reply.version };
    } catch (error) {
      return { ok: false, reason: (error as Error).message };
    }
  }

  /**
   * Refuses further calls. The client's HTTP/2 connection is not held open by this store: it is unref'd while
   * idle and closed by the client after its idle timeout.
   */
  async close(): Promise<void> {
    this.#closed = true;
  }

  get #points() {
    return this.#client.api('points');
  }

  #checkRecord(record: VectorRecord<P>): void {
    checkStoreId(record.id);
    checkStoreVector(record.vector, this.dims, 'vector');
  }

  async #exists(id: number, operation: string): Promise<boolean> {
    const ids = [toPointId(id)];
    const reply = await this.#call(`${operation}: look up id`, () =>
      this.#points.get({ collectionName: this.collection, ids, withPayload: WITHOUT, withVectors: WITHOUT }),
    );
    return reply.result.length > 0;
  }

  async #write(record: VectorRecord<P>, operation: string): Promise<void> {
    const point: PointStructInit = {
      id: toPointId(record.id),
      vectors: { vectorsOptions: { case: 'vector', value: { vector: { case: 'dense', value: { data: [...record.vector] } } } } },
      payload: toQdrantPayload(record.payload),
    };
    await this.#call(
      operation,
      () => this.#points.upsert({ collectionName: this.collection, wait: true, points: [point] }),
      false,
    );
  }

  #call<T>(operation: string, call: () => Promise<T>, quoteServer = true): Promise<T> {
    if (this.#closed) return Promise.reject(new VectorStoreError('unavailable', 'the vector store is closed'));
    const context: FailureContext = { operation, timeoutMs: this.#options.timeoutMs, quoteServer };
    return callQdrant(context, call);
  }
}

function checkCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new VectorStoreError('invalid_argument', `${name} must be a positive integer, got ${String(value)}`);
  }
}
