/** Phase A's figures and verdict: totals, percentiles, memory trends against their bounds, the audit chain. */
import type { ChainVerdict } from '@sluice/audit';
import { percentile, type AnswerCounts, type Interval, type KindTotals, type Timeline } from './timeline.js';
import { linearTrend, type Trend } from './trend.js';
import type { RequestKind } from './traffic-mix.js';
import { MAX_WAITING } from './paced-client.js';
import type { TrafficOptions } from './traffic-phase.js';

/**
 * Growth after the warm-up that fails the soak, measured right after each major GC (what survives one is
 * what a leak grows; heap used in between is a sawtooth of garbage). At 50 requests/s (3,000 a minute),
 * 1 MiB a minute is about 350 bytes kept per request: any per-request object that leaks (an exchange, a
 * trace, an evidence event) passes it. RSS also moves with the allocator and native buffers, so its bound
 * is twice as wide.
 */
export const HEAP_BOUND_MB_PER_MINUTE = 1;
export const RSS_BOUND_MB_PER_MINUTE = 2;
/** Fewer major GCs after the warm-up than this, and the trend is not judged. */
const LEAST_MAJOR_GCS = 3;
/** Requests the client may hold back (more than this many waiting) before the run fails: a share of all. */
const SHED_BOUND = 0.01;

type Exit = { code: number | null; signal: NodeJS.Signals | null };

export interface TrafficReport {
  readonly seconds: number;
  readonly perSecond: number;
  readonly seed: number;
  readonly warmupSeconds: number;
  readonly freshPool: number;
  readonly preflight: readonly string[];
  readonly intervals: readonly Interval[];
  readonly byKind: Readonly<Record<RequestKind, KindTotals>>;
  readonly problems: readonly (readonly [string, number])[];
  readonly totals: AnswerCounts;
  readonly cache: Readonly<Record<string, number>>;
  readonly latency: { readonly p50Ms: number; readonly p99Ms: number };
  /** Over the intervals' own p99s: the typical interval, the worst one, and the longest single delay. */
  readonly eventLoop: { readonly medianIntervalP99Ms: number; readonly worstIntervalP99Ms: number; readonly maxMs: number };
  readonly memory: {
    /** Old generation and RSS right after major GCs: the judged trends. */
    readonly heap: Trend & { readonly boundMbPerMinute: number };
    readonly rss: Trend & { readonly boundMbPerMinute: number };
    /** The same through every sample, sawtooth and all: shown, not judged. */
    readonly sampledHeapUsed: Trend;
    readonly sampledRss: Trend;
    readonly afterWarmup: { readonly rssMb: [number, number]; readonly heapUsedMb: [number, number] };
  };
  readonly gateway: Readonly<Record<string, number>>;
  /** `gw_cache_errors_total` by layer and operation: cache steps that failed or timed out (each failing open). */
  readonly cacheErrors: Readonly<Record<string, number>>;
  /** What the gateway logged at warn and above, each message with how often. */
  readonly gatewayLog: Readonly<Record<string, number>>;
  readonly gatewayExit: Exit;
  readonly audit: {
    readonly exit: Exit;
    readonly delivered: number;
    readonly dropped: number;
    /** `gw_audit_events_dropped_total` by reason. */
    readonly dropReasons: Readonly<Record<string, number>>;
    readonly highestQueueDepth: number;
    readonly chain: ChainVerdict;
  };
  readonly failures: readonly string[];
  /** What the run could not judge (memory, in a run under 5 minutes). */
  readonly notes: readonly string[];
}

/** A traffic phase shorter than this is a smoke run: too short for a memory trend to mean anything. */
export const MEMORY_JUDGED_FROM_SECONDS = 300;

export interface TrafficRun {
  readonly options: TrafficOptions;
  readonly timeline: Timeline;
  readonly preflight: readonly string[];
  readonly gateway: Readonly<Record<string, number>>;
  readonly cacheErrors: Readonly<Record<string, number>>;
  readonly auditDrops: Readonly<Record<string, number>>;
  /** The gateway's last printed lines (log_level warn: its warnings and errors). */
  readonly gatewayLines: readonly string[];
  readonly gatewayExit: Exit;
  readonly auditExit: Exit;
  readonly chain: ChainVerdict;
  readonly freshPool: number;
}

const sum = (intervals: readonly Interval[], pick: (i: Interval) => number) => intervals.reduce((s, i) => s + pick(i), 0);

/** Each distinct message the gateway logged at warn or above (pino JSON lines; its banner is not a log). */
function logSummary(lines: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of lines) {
    let entry: { level?: unknown; msg?: unknown };
    try {
      entry = JSON.parse(line) as { level?: unknown; msg?: unknown };
    } catch {
      continue;
    }
    if (typeof entry.level !== 'number' || entry.level < 40) continue;
    const message = String(entry.msg);
    counts[message] = (counts[message] ?? 0) + 1;
  }
  return counts;
}

export function judgeTraffic(run: TrafficRun): TrafficReport {
  const { options, timeline } = run;
  const intervals = timeline.intervals;
  const settled = intervals.filter((i) => i.t >= options.warmupSeconds);
  const trendOf = (pick: (i: Interval) => number) => linearTrend(settled.map((i) => ({ minutes: i.t / 60, value: pick(i) })));
  const gcs = intervals.flatMap((i) => i.afterMajorGc).filter((gc) => gc.t >= options.warmupSeconds);
  const gcTrend = (pick: (gc: (typeof gcs)[number]) => number) =>
    linearTrend(gcs.map((gc) => ({ minutes: gc.t / 60, value: pick(gc) })));
  const heap = { ...gcTrend((gc) => gc.oldGenerationMb), boundMbPerMinute: HEAP_BOUND_MB_PER_MINUTE };
  const rss = { ...gcTrend((gc) => gc.rssMb), boundMbPerMinute: RSS_BOUND_MB_PER_MINUTE };
  const cache: Record<string, number> = {};
  for (const i of intervals) for (const [k, v] of Object.entries(i.cache)) cache[k] = (cache[k] ?? 0) + v;
  const latencies = [...timeline.latencies].sort((a, b) => a - b);
  const loopP99s = intervals.map((i) => i.eventLoopP99Ms).sort((a, b) => a - b);
  const totals = {
    requests: sum(intervals, (i) => i.requests),
    asRequired: sum(intervals, (i) => i.asRequired),
    unexpected4xx: sum(intervals, (i) => i.unexpected4xx),
    unexpected5xx: sum(intervals, (i) => i.unexpected5xx),
    unexpectedOther: sum(intervals, (i) => i.unexpectedOther),
    transport: sum(intervals, (i) => i.transport),
    shed: sum(intervals, (i) => i.shed),
  };
  const delivered = run.gateway.gw_audit_events_delivered_total ?? 0;
  const dropped = run.gateway.gw_audit_events_dropped_total ?? 0;

  const failures: string[] = [];
  const unexpected = totals.requests - totals.asRequired;
  if (unexpected > 0) failures.push(`${unexpected} answers were not as their request required`);
  const notes: string[] = [];
  const sent = totals.requests + totals.shed;
  if (totals.shed > SHED_BOUND * sent) failures.push(`${totals.shed} of ${sent} requests shed: the gateway fell behind the rate`);
  else if (totals.shed > 0)
    notes.push(`${totals.shed} of ${sent} requests shed while ${MAX_WAITING} were waiting (under ${SHED_BOUND * 100}%)`);
  if (options.seconds < MEMORY_JUDGED_FROM_SECONDS || gcs.length < LEAST_MAJOR_GCS) {
    notes.push(`memory not judged: ${options.seconds} s of traffic, ${gcs.length} major GCs after the warm-up`);
  } else {
    if (heap.slopePerMinute > HEAP_BOUND_MB_PER_MINUTE)
      failures.push(
        `the old generation after major GCs grows ${heap.slopePerMinute.toFixed(2)} MiB/min (bound ${HEAP_BOUND_MB_PER_MINUTE})`,
      );
    if (rss.slopePerMinute > RSS_BOUND_MB_PER_MINUTE)
      failures.push(`RSS after major GCs grows ${rss.slopePerMinute.toFixed(2)} MiB/min (bound ${RSS_BOUND_MB_PER_MINUTE})`);
  }
  if (run.gatewayExit.code !== 0) failures.push(`the gateway stopped with ${JSON.stringify(run.gatewayExit)}`);
  if (run.auditExit.code !== 0) failures.push(`the audit module stopped with ${JSON.stringify(run.auditExit)}`);
  if (!run.chain.ok) failures.push(`the audit chain does not verify: ${JSON.stringify(run.chain)}`);
  else if (run.chain.events !== delivered)
    failures.push(`the audit chain holds ${run.chain.events} events, the gateway delivered ${delivered}`);
  if (dropped > 0) failures.push(`${dropped} evidence events dropped`);

  const first = settled[0];
  const last = settled.at(-1);
  return {
    seconds: options.seconds,
    perSecond: options.perSecond,
    seed: options.seed,
    warmupSeconds: options.warmupSeconds,
    freshPool: run.freshPool,
    preflight: run.preflight,
    intervals,
    byKind: timeline.byKind,
    problems: [...timeline.problems].sort((a, b) => b[1] - a[1]).slice(0, 20),
    totals,
    cache,
    latency: { p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99) },
    eventLoop: {
      medianIntervalP99Ms: percentile(loopP99s, 0.5),
      worstIntervalP99Ms: loopP99s.at(-1) ?? 0,
      maxMs: Math.max(0, ...intervals.map((i) => i.eventLoopMaxMs)),
    },
    memory: {
      heap,
      rss,
      sampledHeapUsed: trendOf((i) => i.heapUsedMb),
      sampledRss: trendOf((i) => i.rssMb),
      afterWarmup: {
        rssMb: [first?.rssMb ?? 0, last?.rssMb ?? 0],
        heapUsedMb: [first?.heapUsedMb ?? 0, last?.heapUsedMb ?? 0],
      },
    },
    gateway: run.gateway,
    cacheErrors: run.cacheErrors,
    gatewayLog: logSummary(run.gatewayLines),
    gatewayExit: run.gatewayExit,
    audit: {
      exit: run.auditExit,
      delivered,
      dropped,
      dropReasons: run.auditDrops,
      highestQueueDepth: Math.max(0, ...intervals.map((i) => i.auditQueueDepth)),
      chain: run.chain,
    },
    failures,
    notes,
  };
}
