/**
 * Loaded into the soak's gateway process with `--import`, before the CLI: every SOAK_SAMPLE_MS it sends the
 * parent (over the IPC channel) the process's memory, the memory found right after each major GC since the
 * last sample, and the event-loop delay. It lives in the harness, not in the product, and never keeps the
 * process alive.
 */
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';

/**
 * Memory just after a major GC. Heap used between two of them is a sawtooth of garbage; what survives a
 * major GC in the old generation is what a leak would grow, so the soak judges its trend on these.
 */
export interface AfterMajorGc {
  readonly at: number;
  /** Old generation used (every heap space but the young one's), bytes. */
  readonly oldGeneration: number;
  readonly rss: number;
}

/** What the parent receives; delays in milliseconds, memory in bytes. */
export interface GatewaySample {
  readonly kind: 'soak-sample';
  readonly at: number;
  readonly rss: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly external: number;
  readonly eventLoopP99Ms: number;
  readonly eventLoopMaxMs: number;
  readonly eventLoopMeanMs: number;
  readonly afterMajorGc: readonly AfterMajorGc[];
}

const intervalMs = Number(process.env.SOAK_SAMPLE_MS ?? 5000);
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
process.channel?.unref();

let afterMajorGc: AfterMajorGc[] = [];
const gcs = new PerformanceObserver((list) => {
  const major = list
    .getEntries()
    .some((entry) => (entry as unknown as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
  if (!major) return;
  const oldGeneration = getHeapSpaceStatistics()
    .filter((space) => space.space_name !== 'new_space')
    .reduce((sum, space) => sum + space.space_used_size, 0);
  afterMajorGc.push({ at: Date.now(), oldGeneration, rss: process.memoryUsage.rss() });
});
gcs.observe({ entryTypes: ['gc'] });

const timer = setInterval(() => {
  if (!process.connected) return;
  const memory = process.memoryUsage();
  const sample: GatewaySample = {
    kind: 'soak-sample',
    at: Date.now(),
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
    eventLoopP99Ms: delay.percentile(99) / 1e6,
    eventLoopMaxMs: delay.max / 1e6,
    eventLoopMeanMs: delay.mean / 1e6,
    afterMajorGc,
  };
  afterMajorGc = [];
  delay.reset();
  process.send?.(sample);
}, intervalMs);
timer.unref();
