/**
 * The soak's record over time: the client's answers gathered between two samples of the gateway process
 * become one interval (requests, answers as required or not, latency, cache outcomes) joined with that
 * sample (memory, event-loop delay).
 */
import { loadavg } from 'node:os';
import type { GatewaySample } from './gateway-sampler.js';
import type { Outcome } from './paced-client.js';
import { REQUEST_KINDS, type RequestKind } from './traffic-mix.js';

/** What became of the requests of a span of the run. */
export interface AnswerCounts {
  readonly requests: number;
  /** Answers as their request required (intended 403s and 4xx included). */
  readonly asRequired: number;
  /** Answers not as required, split: a 4xx, a 5xx, another status or content, no answer at all. */
  readonly unexpected4xx: number;
  readonly unexpected5xx: number;
  readonly unexpectedOther: number;
  readonly transport: number;
  readonly shed: number;
}

export interface Interval extends AnswerCounts {
  /** Seconds since the traffic began, at the interval's end. */
  readonly t: number;
  readonly seconds: number;
  readonly perSecond: number;
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
  readonly cache: Readonly<Record<string, number>>;
  readonly rssMb: number;
  readonly heapUsedMb: number;
  readonly heapTotalMb: number;
  readonly externalMb: number;
  readonly eventLoopP99Ms: number;
  readonly eventLoopMaxMs: number;
  /** The machine's 1-minute load average: on shared cores, the context of every delay above. */
  readonly loadAverage: number;
  /** The most evidence events waiting in the gateway's audit queue during the interval (capacity 10,000). */
  readonly auditQueueDepth: number;
  /** Memory right after each major GC in the interval (seconds since the traffic began, MiB). */
  readonly afterMajorGc: readonly { readonly t: number; readonly oldGenerationMb: number; readonly rssMb: number }[];
}

export interface KindTotals {
  requests: number;
  asRequired: number;
}

const MB = 1024 * 1024;

export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export class Timeline {
  readonly intervals: Interval[] = [];
  readonly byKind = Object.fromEntries(REQUEST_KINDS.map((k) => [k, { requests: 0, asRequired: 0 }])) as Record<
    RequestKind,
    KindTotals
  >;
  /** Each distinct problem (its first 100 characters) and how often it came. */
  readonly problems = new Map<string, number>();
  /** Every latency of the run, for the overall percentiles. */
  readonly latencies: number[] = [];
  #current: Outcome[] = [];
  #lastAt: number;
  #shedBefore = 0;

  constructor(readonly startedAt: number) {
    this.#lastAt = startedAt;
  }

  record(outcome: Outcome): void {
    this.#current.push(outcome);
    this.latencies.push(outcome.ms);
    const totals = this.byKind[outcome.kind];
    totals.requests++;
    if (outcome.problem === undefined) totals.asRequired++;
    else {
      const key = `${outcome.kind}: ${outcome.problem.slice(0, 100)}`;
      this.problems.set(key, (this.problems.get(key) ?? 0) + 1);
    }
  }

  /** Closes the interval at `sample`; `shedSoFar` is the client's running count of shed requests. */
  close(sample: GatewaySample, shedSoFar: number, auditQueueDepth: number): Interval {
    const outcomes = this.#current;
    this.#current = [];
    const seconds = (sample.at - this.#lastAt) / 1000;
    this.#lastAt = sample.at;
    const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
    const wrong = outcomes.filter((o) => o.problem !== undefined);
    const cache: Record<string, number> = {};
    for (const o of outcomes) if (o.cache !== undefined) cache[o.cache] = (cache[o.cache] ?? 0) + 1;
    const interval: Interval = {
      t: (sample.at - this.startedAt) / 1000,
      seconds,
      requests: outcomes.length,
      perSecond: seconds > 0 ? outcomes.length / seconds : 0,
      asRequired: outcomes.length - wrong.length,
      unexpected4xx: wrong.filter((o) => o.status >= 400 && o.status < 500).length,
      unexpected5xx: wrong.filter((o) => o.status >= 500).length,
      unexpectedOther: wrong.filter((o) => o.status > 0 && o.status < 400).length,
      transport: wrong.filter((o) => o.status === 0).length,
      shed: shedSoFar - this.#shedBefore,
      latencyP50Ms: percentile(latencies, 0.5),
      latencyP99Ms: percentile(latencies, 0.99),
      cache,
      rssMb: sample.rss / MB,
      heapUsedMb: sample.heapUsed / MB,
      heapTotalMb: sample.heapTotal / MB,
      externalMb: sample.external / MB,
      eventLoopP99Ms: sample.eventLoopP99Ms,
      eventLoopMaxMs: sample.eventLoopMaxMs,
      loadAverage: loadavg()[0]!,
      auditQueueDepth,
      afterMajorGc: sample.afterMajorGc.map((gc) => ({
        t: (gc.at - this.startedAt) / 1000,
        oldGenerationMb: gc.oldGeneration / MB,
        rssMb: gc.rss / MB,
      })),
    };
    this.#shedBefore = shedSoFar;
    this.intervals.push(interval);
    return interval;
  }
}
