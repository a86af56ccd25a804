/**
 * One prom-client Registry per kernel (never the global one), so two kernels can share a process.
 * Plugins get or create their metrics by name; asking twice for the same name returns the same one.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface MetricSpec<L extends string> {
  readonly name: string;
  readonly help: string;
  readonly labelNames?: readonly L[];
}

export interface HistogramSpec<L extends string> extends MetricSpec<L> {
  readonly buckets?: readonly number[];
}

/** Latency buckets in seconds, from a cache hit to a slow model. */
export const LATENCY_BUCKETS = Object.freeze([
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120,
]);

export class Metrics {
  readonly registry = new Registry();

  counter<L extends string = string>(spec: MetricSpec<L>): Counter<L> {
    return this.#getOrCreate(spec.name, Counter, () => new Counter<L>({ ...this.#base(spec) }));
  }

  gauge<L extends string = string>(spec: MetricSpec<L>): Gauge<L> {
    return this.#getOrCreate(spec.name, Gauge, () => new Gauge<L>({ ...this.#base(spec) }));
  }

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
