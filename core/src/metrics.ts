/**
 * One prom-client Registry per kernel (never the global one), so two kernels can share a process.
 * Plugins get or create their metrics by name; asking twice for the same name returns the same one.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The name, help and label names of a counter or gauge. Label values must stay few: outcomes, never
 * tenants or text.
 * @example
 * const LOOKUPS: MetricSpec<'outcome'> = { name: 'plugin_faq_lookups_total', help: 'FAQ lookups.', labelNames: ['outcome'] };
 */
export interface MetricSpec<L extends string> {
  readonly name: string;
  readonly help: string;
  readonly labelNames?: readonly L[];
}

/**
 * A histogram's spec: bucket bounds in the metric's unit, `LATENCY_BUCKETS` (seconds) when left out.
 * @example
 * const SIMILARITY: HistogramSpec<string> = { name: 'plugin_faq_similarity', help: 'Match similarity.', buckets: [0.8, 0.9, 1] };
 * kernel.metrics.histogram(SIMILARITY).observe(0.93);
 */
export interface HistogramSpec<L extends string> extends MetricSpec<L> {
  readonly buckets?: readonly number[];
}

/**
 * Latency buckets in seconds, from a cache hit to a slow model; histograms without buckets use them.
 * @example
 * kernel.metrics.histogram({ name: 'plugin_faq_batch_seconds', help: 'Batch time.', buckets: [...LATENCY_BUCKETS, 300] });
 */
export const LATENCY_BUCKETS = Object.freeze([
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120,
]);

/**
 * One kernel's metrics on its own prom-client Registry. Get or create by name: asking again for a name
 * returns the same metric, so a plugin made again on reload keeps counting; another type under that
 * name throws. Make metrics in `apply`, so `/metrics` lists them before the first request.
 * @example
 * const lookups = kernel.metrics.counter({ name: 'plugin_faq_lookups_total', help: 'FAQ lookups.', labelNames: ['outcome'] });
 * lookups.inc({ outcome: 'hit' });
 */
export class Metrics {
  /** The prom-client registry `/metrics` exposes. */
  readonly registry = new Registry();

  /** The counter of that name, made on first use. */
  counter<L extends string = string>(spec: MetricSpec<L>): Counter<L> {
    return this.#getOrCreate(spec.name, Counter, () => new Counter<L>({ ...this.#base(spec) }));
  }

  /** The gauge of that name, made on first use. */
  gauge<L extends string = string>(spec: MetricSpec<L>): Gauge<L> {
    return this.#getOrCreate(spec.name, Gauge, () => new Gauge<L>({ ...this.#base(spec) }));
  }

  /** The histogram of that name, made on first use. */
  histogram<L extends string = string>(spec: HistogramSpec<L>): Histogram<L> {
    return this.#getOrCreate(
      spec.name,
      Histogram,
      () => new Histogram<L>({ ...this.#base(spec), buckets: [...(spec.buckets ?? LATENCY_BUCKETS)] }),
    );
  }

  /** The text exposition for `/metrics`. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  #base<L extends string>(spec: MetricSpec<L>) {
    return { name: spec.name, help: spec.help, labelNames: [...(spec.labelNames ?? [])], registers: [this.registry] };
  }

  #getOrCreate<M>(name: string, kind: abstract new (...args: never[]) => M, create: () => M): M {
    const existing = this.registry.getSingleMetric(name);
    if (existing === undefined) return create();
    if (!(existing instanceof kind)) throw new Error(`metric ${name} is already registered with another type`);
    return existing;
  }
}
