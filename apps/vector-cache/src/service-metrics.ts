/** The `svc_*` metrics of the vector answer cache, on a registry of its own. */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Search latency buckets in seconds: a search is tens of µs to a few ms. */
const SEARCH_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

export interface ServiceMetricsSources {
  activeIds(): number | Promise<number>;
  answersCached(): number | Promise<number>;
  licenseDaysUntilExpiry(): number;
}

/**
 * @example
 * const metrics = new ServiceMetrics(sources);
 * metrics.cacheHits.inc();
 * const text = await metrics.registry.metrics();
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly searchRequests: Counter;
  readonly searchErrors: Counter;
  readonly insertRequests: Counter;
  readonly insertErrors: Counter;
  readonly deleteRequests: Counter;
  readonly cacheHits: Counter;
  readonly cacheMisses: Counter;
  readonly tokensSaved: Counter;
  readonly snapshotSaves: Counter;
  readonly snapshotSaveFailures: Counter;
  readonly searchDuration: Histogram;
  readonly requestsRefused: Counter<'reason'>;
  readonly connectionsTimedOut: Counter<'phase'>;

  constructor(sources: ServiceMetricsSources) {
    const registers = [this.registry];
    const counter = (name: string, help: string) => new Counter({ name, help, registers });
    this.searchRequests = counter('svc_search_requests_total', 'Search and QA requests.');
    this.searchErrors = counter('svc_search_errors_total', 'Search and QA requests that failed.');
    this.insertRequests = counter('svc_insert_requests_total', 'Insert and upsert requests.');
    this.insertErrors = counter('svc_insert_errors_total', 'Insert and upsert requests that failed.');
    this.deleteRequests = counter('svc_delete_requests_total', 'Delete requests.');
    this.cacheHits = counter('svc_cache_hits_total', 'QA requests answered from the cache.');
    this.cacheMisses = counter('svc_cache_misses_total', 'QA requests below the similarity threshold.');
    this.tokensSaved = counter('svc_tokens_saved_total', 'Stored token counts of the answers served on hits.');
    this.snapshotSaves = counter('svc_snapshot_saves_total', 'Completed saves of the paired snapshot set.');
    this.snapshotSaveFailures = counter('svc_snapshot_save_failures_total', 'Saves of the paired snapshot set that failed.');
    this.requestsRefused = new Counter({
      name: 'svc_http_requests_refused_total',
      help: 'HTTP requests refused at the door, by reason (unsupported_media_type: a POST whose Content-Type is not JSON).',
      labelNames: ['reason'],
      registers,
    });
    this.connectionsTimedOut = new Counter({
      name: 'svc_http_connections_timed_out_total',
      help: 'Connections closed for taking too long: sending headers, sending the body, or not reading the response (send).',
      labelNames: ['phase'],
      registers,
    });
    // Listed from the start, so a rate over them works before the first one.
    this.requestsRefused.inc({ reason: 'unsupported_media_type' }, 0);
    for (const phase of ['headers', 'body', 'send']) this.connectionsTimedOut.inc({ phase }, 0);
    this.searchDuration = new Histogram({
      name: 'svc_search_duration_seconds',
      help: 'Time spent in the index search of a search or QA request.',
      buckets: SEARCH_BUCKETS,
      registers,
    });
    new Gauge({
      name: 'svc_active_ids',
      help: 'Active (not deleted) ids in the index.',
      registers,
      async collect() {
        this.set(await sources.activeIds());
      },
    });
    new Gauge({
      name: 'svc_answers_cached',
      help: 'Answers held in the answer store.',
      registers,
      async collect() {
        this.set(await sources.answersCached());
      },
    });
    new Gauge({
      name: 'svc_license_days_until_expiry',
      help: 'Whole days until the license expires; -1 when it never does.',
      registers,
      collect() {
        this.set(sources.licenseDaysUntilExpiry());
      },
    });
  }
}
