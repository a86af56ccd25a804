/** The `hnsw` VectorStore: hnswlib-node in process, persisted as a paired set plus a write-ahead log. */
import { payloadPredicate } from '../payload-filter.js';
import { ANSWERS_FILE_NAME } from '../persistence/paired-set.js';
import { WriteAheadLog } from '../persistence/write-ahead-log.js';
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
import type { HnswIndexOptions } from './hnsw-options.js';
import { readState, writeState, type SaveResult, type SetLocation } from './snapshot-io.js';
import { StoreState, type EntryBefore, type StoreChange } from './store-state.js';
import { WriteGate } from './write-gate.js';
import { PendingChanges } from './pending-changes.js';
import type { RestoreProgress } from './restore-progress.js';
import { exportAnswers, importAnswers } from './answers-io.js';
import { checkPayloads, checkStoreId } from './store-checks.js';

/**
 * When a write counts as done: `wal` once its log record is fsynced, `snapshot` only once a save has
 * written it (writes since the last save are lost in a crash).
 * @example
 * const store = await HnswVectorStore.open({ dims: 384, dataDir: '/data', durability: 'snapshot' satisfies Durability });
 */
export type Durability = 'wal' | 'snapshot';

/**
 * How `HnswVectorStore.open` builds the store: the vectors' shape and metric, the graph's parameters (M,
 * efConstruction, efSearch), and where and how durably it persists; memory only without `dataDir`.
 * @example
 * const options: HnswVectorStoreOptions = { dims: 384, metric: 'cosine', M: 16, efSearch: 128, dataDir: '/data' };
 * const store = await HnswVectorStore.open<{ answer: string }>(options);
 */
export interface HnswVectorStoreOptions {
  readonly dims: number;
  readonly metric?: Metric;
  readonly M?: number;
  readonly efConstruction?: number;
  readonly efSearch?: number;
  /** Where the paired set and the log live; without it the store is memory only. */
  readonly dataDir?: string;
  /** `wal` (default): writes resolve after their log record is fsynced. `snapshot`: saves only. */
  readonly durability?: Durability;
  readonly indexName?: string;
  /** Written into every saved set. */
  readonly serverVersion?: string;
  readonly logger?: { info(object: object, message: string): void; warn(object: object, message: string): void };
  /**
   * Checks every payload read from a file (a paired set at open or load, an answers file): returns what is
   * wrong with one, or undefined. Payloads are opaque JSON to the store, so a file edited by hand or written
   * by another tool would otherwise put values in it that its user never wrote.
   */
  readonly checkPayload?: (payload: unknown) => string | undefined;
  /** Called as `open` restores the data directory: each phase, and each log record replayed. */
  readonly onRestore?: (progress: RestoreProgress) => void;
}

type ResolvedStoreOptions = Required<Omit<HnswVectorStoreOptions, 'dataDir' | 'logger' | 'checkPayload' | 'onRestore'>> &
  Pick<HnswVectorStoreOptions, 'dataDir' | 'logger' | 'checkPayload' | 'onRestore'>;

/**
 * The `hnsw` backend: an hnswlib-node index in process. With a `dataDir` it restores the paired set and the
 * write-ahead log at `open`, makes each write durable in the log before it resolves (`wal` durability),
 * saves snapshots on demand and at `close`; searches never wait for a save.
 * @example
 * const store = await HnswVectorStore.open<{ answer: string }>({ dims: 384, dataDir: './data' });
 * await store.upsert({ id: 1, vector, payload: { answer: 'Paris' } }); // durable when it resolves
 * await store.saveSnapshot();                                          // paired set; the log restarts
 * await store.close();                                                 // final save
 */
export class HnswVectorStore<P> implements VectorStore<P> {
  readonly backend = 'hnsw';
  readonly dims: number;
  readonly metric: Metric;
  readonly #options: ResolvedStoreOptions;
  readonly #indexOptions: HnswIndexOptions;
  readonly #gate = new WriteGate();
  readonly #wal: WriteAheadLog | undefined;
  readonly #pending = new PendingChanges<P>();
  #state: StoreState<P>;
  #failure: string | undefined;
  #closed = false;

  private constructor(options: ResolvedStoreOptions, state: StoreState<P>, wal: WriteAheadLog | undefined) {
    this.#options = options;
    this.dims = options.dims;
    this.metric = options.metric;
    this.#indexOptions = state.index.options;
    this.#state = state;
    this.#wal = wal;
  }

  /** Restores the paired set (refusing a torn or foreign one) and replays the log written after it. */
  static async open<P>(options: HnswVectorStoreOptions): Promise<HnswVectorStore<P>> {
    const resolved: ResolvedStoreOptions = {
      metric: 'cosine' as Metric,
      M: 16,
      efConstruction: 200,
      // The breadth of a search that names none. Callers that know their k pass their own: the semantic
      // cache asks for ef 8 (then 32 on a miss). Top-1 recall against brute force on bench row (f)'s store
      // (100,000 local-embedder vectors, 256 dims, M 16; 1,000 paraphrase queries): ef 1: 0.952, 2: 0.990,
      // 4: 0.997, 8: 0.999, 12 and above: 1.000. With M 8 the graph is a third cheaper to walk but needs
      // ef 32 for 0.995 (ef 8: 0.974), so M stays 16. Most of a narrow search is fixed cost: the descent
      // through the upper layers and hnswlib-node reading the query one element at a time (ef 1 costs
      // about 80% of ef 8).
      efSearch: 128,
      durability: 'wal' as Durability,
      indexName: 'vcal.index',
      serverVersion: '0.0.0',
      ...options,
    };
    const indexOptions: HnswIndexOptions = {
      dims: resolved.dims,
      metric: resolved.metric,
      M: resolved.M,
      efConstruction: resolved.efConstruction,
      efSearch: resolved.efSearch,
    };
    if (resolved.dataDir === undefined) return new HnswVectorStore<P>(resolved, StoreState.empty<P>(indexOptions), undefined);
    const home = { dir: resolved.dataDir, indexName: resolved.indexName };
    const report = resolved.onRestore ?? (() => undefined);
    report({ phase: 'reading-set' });
    const loaded = await readState<P>(home, indexOptions);
    if (loaded !== undefined) checkPayloads(resolved.checkPayload, loaded.state.payloads, ANSWERS_FILE_NAME);
    const state = loaded?.state ?? StoreState.empty<P>(indexOptions);
    // The log is opened in both modes: in `snapshot` mode it is never appended to, but a log left by
    // an earlier `wal` run is still replayed and then retired by the first save.
    const replayFrom = loaded?.walSegment ?? 0;
    const wal = await WriteAheadLog.open(resolved.dataDir, replayFrom);
    let replayed = 0;
    report({ phase: 'replaying-log', vectors: state.payloads.size, records: 0 });
    for await (const record of wal.replay(replayFrom)) {
      try {
        state.apply(record.meta as StoreChange<P>, record.vector);
      } catch (error) {
        // Without a set there is no vcal.index to name: say that the log holds what cannot be applied
        // (e.g. vectors of other dims), or the refusal reads as if a request had failed.
        const reason = `record ${replayed + 1} cannot be replayed (${(error as Error).message})`;
        throw new VectorStoreError('failed_precondition', `write-ahead log in ${resolved.dataDir}: ${reason}`, { cause: error });
      }
      replayed++;
      report({ phase: 'replaying-log', vectors: state.payloads.size, records: replayed });
    }
    resolved.logger?.info({ vectors: state.payloads.size, replayed }, 'vector store restored');
    const store = new HnswVectorStore<P>(resolved, state, wal);
    // What was replayed goes into a fresh set at once, so the log it came from can go.
    if (replayed > 0) {
      report({ phase: 'saving', vectors: state.payloads.size, records: replayed });
      await store.saveSnapshot();
    }
    report({ phase: 'restored', vectors: state.payloads.size, records: replayed, hadSet: loaded !== undefined });
    return store;
  }

  get activeCount(): number {
    return this.#state.payloads.size;
  }

  get payloadCount(): number {
    return this.#state.payloads.size;
  }

  /** Why writes are refused now (a failed log), or undefined. */
  unwritableReason(): string | undefined {
    return this.#failure;
  }

  /** The payload of an active id, without copying its vector. */
  payloadOf(id: number): P | undefined {
    return this.#state.payloads.get(id);
  }

  /**
   * `admitNew`, when given, is called right before an id that is not active is added, with the active count at
   * that moment; what it throws refuses the write. A quota checked before the call could be passed by writes
   * that waited together behind a save's copy.
   */
  async insert(record: VectorRecord<P>, admitNew?: (activeCount: number) => void): Promise<UpsertOutcome> {
    return this.#change(record, true, admitNew);
  }

  /** `admitNew` as for {@link insert}. */
  async upsert(record: VectorRecord<P>, admitNew?: (activeCount: number) => void): Promise<UpsertOutcome> {
    return this.#change(record, false, admitNew);
  }

  async delete(id: number): Promise<boolean> {
    checkStoreId(id);
    while (!this.#gate.open) await this.#gate.writable();
    this.#checkWritable();
    const state = this.#state;
    if (!state.has(id)) return false;
    const before = this.#logging() ? state.capture(id) : undefined;
    state.delete(id);
    await this.#log(state, before, { op: 'delete', id }, undefined);
    return true;
  }

  async deleteWhere(filter: PayloadFilter): Promise<number> {
    const keep = payloadPredicate(filter);
    let deleted = 0;
    for (const [id, payload] of [...this.#state.payloads]) {
      if (keep(payload) && (await this.delete(id))) deleted++;
    }
    return deleted;
  }

  async search(query: readonly number[], options: SearchOptions): Promise<VectorHit<P>[]> {
    const state = this.#state;
    const filter = options.filter === undefined ? undefined : matcher(state, options.filter);
    const found = state.index.search(query, options.k, options.ef, filter);
    const hits: VectorHit<P>[] = [];
    for (let i = 0; i < found.ids.length; i++) {
      const id = state.labels.idOf(found.ids[i]!);
      const payload = state.payloads.get(id);
      if (payload === undefined) continue;
      const distance = boundedDistance(found.distances[i]!, this.metric);
      hits.push({ id, distance, similarity: similarityOf(distance), payload });
    }
    return hits;
  }

  async get(id: number): Promise<VectorRecord<P> | undefined> {
    const state = this.#state;
    const payload = state.payloads.get(id);
    const label = state.labels.labelFor(id, false);
    const vector = payload === undefined || label === undefined ? undefined : state.index.vector(label);
    return vector === undefined || payload === undefined ? undefined : { id, vector, payload };
  }

  async count(): Promise<number> {
    return this.#state.payloads.size;
  }

  async *iterate(): AsyncIterable<VectorRecord<P>> {
    for (const id of [...this.#state.payloads.keys()]) {
      const record = await this.get(id);
      if (record !== undefined) yield record;
    }
  }

  /**
   * Saves the paired set: to the data directory by default (the log then restarts), or to `target`
   * (an export). Writes wait only while the state is copied; reads never wait.
   */
  saveSnapshot(target?: SetLocation): Promise<SaveResult> {
    return this.#gate.serial(async () => {
      const home = this.#home();
      const location = target ?? home;
      if (location === undefined)
        throw new VectorStoreError('failed_precondition', 'a memory-only store needs a path to save to');
      this.#checkSavable();
      const atHome = home !== undefined && sameLocation(location, home);
      return writeState(this.#state, location, this.#meta(), {
        copy: (work) => this.#gate.exclusive(async () => (await this.#acknowledged(), work())),
        rotate: () => (atHome && this.#wal ? this.#wal.rotate() : 0),
        committed: async (segment) => {
          if (atHome && this.#wal) await this.#wal.removeBefore(segment);
        },
      });
    });
  }

  /** Replaces the live set with a saved one; a set that fails to load leaves the live one untouched. */
  loadSnapshot(source: SetLocation): Promise<number> {
    return this.#gate.serial(async () => {
      const loaded = await readState<P>(source, this.#indexOptions);
      if (loaded === undefined)
        throw new VectorStoreError('failed_precondition', `${source.dir}: no snapshot named ${source.indexName}`);
      checkPayloads(this.#options.checkPayload, loaded.state.payloads, ANSWERS_FILE_NAME);
      await this.#replace(loaded.state);
      return loaded.state.payloads.size;
    });
  }

  /** Writes the answers alone (`answers.json` format) to `file`. */
  saveAnswers(file: string): Promise<SaveResult> {
    return this.#gate.serial(async () => {
      this.#checkSavable();
      const payloads = await this.#gate.exclusive(async () => (await this.#acknowledged(), new Map(this.#state.payloads)));
      return exportAnswers(file, payloads, this.#meta());
    });
  }

  /** Replaces the answers of the active ids found in `file`; returns how many were replaced. */
  loadAnswers(file: string): Promise<number> {
    return this.#gate.serial(async () => {
      const answers = await importAnswers<P>(file);
      checkPayloads(this.#options.checkPayload, answers, file);
      const current = this.#state;
      const payloads = new Map(current.payloads);
      let replaced = 0;
      for (const [id, payload] of answers) {
        if (!payloads.has(id)) continue;
        payloads.set(id, payload);
        replaced++;
      }
      await this.#replace(new StoreState(current.index, payloads, current.tombstones, current.labels));
      return replaced;
    });
  }

  /**
   * Waits for saves, writes the final paired set (when persisted) and closes the log. `finalSave: false`
   * skips the save: another store has taken over the directory, and a save from this one would replace its set.
   */
  async close(options: { finalSave?: boolean } = {}): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      if (options.finalSave !== false && this.#home() !== undefined && this.#failure === undefined) await this.saveSnapshot();
      else await this.#gate.serial(async () => undefined);
    } finally {
      // A failed final save loses nothing in `wal` mode: the log is closed intact and replayed at start.
      await this.#wal?.close();
    }
  }

  async #change(record: VectorRecord<P>, insertOnly: boolean, admitNew?: (activeCount: number) => void): Promise<UpsertOutcome> {
    checkStoreId(record.id);
    // From the gate's check to the log append, one synchronous run: no save's copy can start in between.
    while (!this.#gate.open) await this.#gate.writable();
    this.#checkWritable();
    const state = this.#state;
    if (insertOnly && state.has(record.id)) {
      throw new VectorStoreError('already_exists', `id ${record.id} already exists; use upsert to replace it`);
    }
    if (admitNew !== undefined && !state.has(record.id)) admitNew(state.payloads.size);
    const before = this.#logging() ? state.capture(record.id) : undefined;
    const outcome = state.upsert(record.id, record.vector, record.payload);
    await this.#log(state, before, { op: 'upsert', id: record.id, payload: record.payload }, record.vector);
    return outcome;
  }

  #checkWritable(): void {
    if (this.#closed) throw new VectorStoreError('unavailable', 'the vector store is closed');
    if (this.#failure !== undefined) throw new VectorStoreError('unavailable', `writes are refused: ${this.#failure}`);
  }

  /** A save after a failed append would make durable what the log refused, or retire records it holds. */
  #checkSavable(): void {
    if (this.#failure !== undefined) {
      throw new VectorStoreError('unavailable', `saves are refused: ${this.#failure}; restart once the disk is writable`);
    }
  }

  /** Inside a save's copy: waits until every change made is acknowledged or undone, then checks the log. */
  async #acknowledged(): Promise<void> {
    await this.#pending.settled();
    this.#checkSavable();
  }

  #logging(): boolean {
    return this.#wal !== undefined && this.#options.durability === 'wal';
  }

  /** Appends in the caller's tick; a refused append undoes the change (and every later one) before it throws. */
  async #log(
    state: StoreState<P>,
    before: EntryBefore<P> | undefined,
    change: StoreChange<P>,
    vector: readonly number[] | undefined,
  ): Promise<void> {
    if (before === undefined || this.#wal === undefined) return;
    const appended = this.#wal.append(change, vector).catch((error: unknown) => {
      this.#failure ??= `the write-ahead log failed: ${(error as Error).message}`;
      throw new VectorStoreError('unavailable', `the write could not be made durable: ${(error as Error).message}`, {
        cause: error,
      });
    });
    await this.#pending.track(state, before, appended);
  }

  /** Commits a new state as the home set first, then swaps it in, with writes held back throughout. */
  async #replace(next: StoreState<P>): Promise<void> {
    const home = this.#home();
    if (home === undefined) {
      await this.#gate.exclusive(async () => void (this.#state = next));
      return;
    }
    this.#checkSavable();
    await this.#gate.exclusive(async () => {
      await this.#acknowledged();
      await writeState(next, home, this.#meta(), {
        copy: (work) => work(),
        rotate: () => this.#wal?.rotate() ?? 0,
        committed: async (segment) => {
          this.#state = next;
          await this.#wal?.removeBefore(segment);
        },
      });
    });
  }

  #home(): SetLocation | undefined {
    const dir = this.#options.dataDir;
    return dir === undefined ? undefined : { dir, indexName: this.#options.indexName };
  }

  #meta() {
    return { serverVersion: this.#options.serverVersion };
  }
}

function matcher<P>(state: StoreState<P>, filter: PayloadFilter): (label: number) => boolean {
  const keep = payloadPredicate(filter);
  return (label) => keep(state.payloads.get(state.labels.idOf(label)));
}

function sameLocation(a: SetLocation, b: SetLocation): boolean {
  return a.dir === b.dir && a.indexName === b.indexName;
}
