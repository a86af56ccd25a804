/** What `npm run soak` prints: a row per minute of the traffic phase, then the figures and the verdict. */
import type { CrashReport } from './crash-phase.js';
import type { TrafficReport } from './traffic-report.js';

export interface SoakReport {
  readonly startedAt: string;
  readonly node: string;
  readonly cpus: string;
  readonly traffic: TrafficReport;
  readonly crashes: CrashReport;
  readonly passed: boolean;
}

const f1 = (n: number) => n.toFixed(1);

export function printSoakReport(report: SoakReport, print: (line: string) => void): void {
  const { traffic, crashes } = report;
  print(`\n${report.cpus}, Node ${report.node}, started ${report.startedAt}`);
  print(
    `\nPhase A: ${traffic.seconds} s at ${traffic.perSecond} requests/s (seed ${traffic.seed}), warm-up ${traffic.warmupSeconds} s\n`,
  );
  print(
    '| minute | requests | requests/s | not as required | latency p99 ms (worst sample) | RSS MiB | heap used MiB | event-loop p99 ms (worst sample) |',
  );
  print('|---:|---:|---:|---:|---:|---:|---:|---:|');
  const minutes = Math.ceil(Math.max(0, ...traffic.intervals.map((i) => i.t)) / 60);
  for (let m = 0; m < minutes; m++) {
    const rows = traffic.intervals.filter((i) => i.t > m * 60 && i.t <= (m + 1) * 60);
    if (rows.length === 0) continue;
    const requests = rows.reduce((s, i) => s + i.requests, 0);
    const seconds = rows.reduce((s, i) => s + i.seconds, 0);
    const wrong = rows.reduce((s, i) => s + i.requests - i.asRequired, 0);
    const last = rows.at(-1)!;
    print(
      `| ${m + 1} | ${requests} | ${f1(requests / seconds)} | ${wrong} | ${f1(Math.max(...rows.map((i) => i.latencyP99Ms)))} | ${f1(last.rssMb)} | ${f1(last.heapUsedMb)} | ${f1(Math.max(...rows.map((i) => i.eventLoopP99Ms)))} |`,
    );
  }
  const t = traffic.totals;
  print('');
  for (const line of traffic.preflight) print(`checked first: ${line}`);
  print(
    `requests: ${t.requests} answered as required ${t.asRequired}; not as required: ${t.unexpected4xx} 4xx, ${t.unexpected5xx} 5xx, ${t.unexpectedOther} other, ${t.transport} without an answer; shed ${t.shed}`,
  );
  print(
    `by kind: ${Object.entries(traffic.byKind)
      .map(([k, v]) => `${k} ${v.asRequired}/${v.requests}`)
      .join(', ')}`,
  );
  print(
    `cache header: ${Object.entries(traffic.cache)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  for (const [problem, count] of traffic.problems) print(`  ${count} × ${problem}`);
  const loads = traffic.intervals.map((i) => i.loadAverage).sort((a, b) => a - b);
  print(
    `machine load average (1 min) during the traffic: median ${f1(loads[loads.length >> 1] ?? 0)}, highest ${f1(loads.at(-1) ?? 0)}`,
  );
  print(`latency: p50 ${f1(traffic.latency.p50Ms)} ms, p99 ${f1(traffic.latency.p99Ms)} ms`);
  const loop = traffic.eventLoop;
  print(
    `event-loop delay p99: median sample ${f1(loop.medianIntervalP99Ms)} ms, worst sample ${f1(loop.worstIntervalP99Ms)} ms; longest delay ${f1(loop.maxMs)} ms`,
  );
  const { heap, rss, afterWarmup } = traffic.memory;
  const judged = traffic.notes.length === 0;
  const verdict = (trend: typeof heap) =>
    !judged ? 'not judged' : trend.slopePerMinute <= trend.boundMbPerMinute ? 'PASS' : 'FAIL';
  const gcs = traffic.intervals.flatMap((i) => i.afterMajorGc).filter((gc) => gc.t >= traffic.warmupSeconds);
  print(
    `after the warm-up, ${gcs.length} major GCs: old generation ${f1(gcs[0]?.oldGenerationMb ?? 0)} → ${f1(gcs.at(-1)?.oldGenerationMb ?? 0)} MiB, trend ${heap.slopePerMinute.toFixed(3)} MiB/min (r² ${heap.r2.toFixed(2)}, bound ${heap.boundMbPerMinute}): ${verdict(heap)}`,
  );
  print(
    `  RSS ${f1(gcs[0]?.rssMb ?? 0)} → ${f1(gcs.at(-1)?.rssMb ?? 0)} MiB, trend ${rss.slopePerMinute.toFixed(3)} MiB/min (r² ${rss.r2.toFixed(2)}, bound ${rss.boundMbPerMinute}): ${verdict(rss)}`,
  );
  const { sampledHeapUsed, sampledRss } = traffic.memory;
  print(
    `  every sample (sawtooth, not judged): heap used ${f1(afterWarmup.heapUsedMb[0])} → ${f1(afterWarmup.heapUsedMb[1])} MiB, ${sampledHeapUsed.slopePerMinute.toFixed(3)} MiB/min (r² ${sampledHeapUsed.r2.toFixed(2)}); RSS ${f1(afterWarmup.rssMb[0])} → ${f1(afterWarmup.rssMb[1])} MiB, ${sampledRss.slopePerMinute.toFixed(3)} MiB/min (r² ${sampledRss.r2.toFixed(2)})`,
  );
  const chain = traffic.audit.chain;
  const reasons = Object.entries(traffic.audit.dropReasons).map(([labels, n]) => `${labels} ${n}`);
  print(
    `audit: ${traffic.audit.delivered} events delivered, ${traffic.audit.dropped} dropped${reasons.length > 0 ? ` (${reasons.join(', ')})` : ''}, at most ${traffic.audit.highestQueueDepth} queued; chain ${chain.ok ? `verifies, ${chain.events} events` : `BAD at sequence ${chain.firstBadSequence}: ${chain.reason}`}`,
  );
  for (const [message, n] of Object.entries(traffic.gatewayLog)) print(`gateway logged ${n} × ${message}`);
  const failedOpen = Object.entries(traffic.cacheErrors).map(([labels, n]) => `${labels} ${n}`);
  print(`cache steps that failed open: ${failedOpen.length === 0 ? 'none' : failedOpen.join(', ')}`);
  print(
    `gateway metrics: ${Object.entries(traffic.gateway)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );

  const v = crashes.vectorCache;
  const a = crashes.audit;
  print(`\nPhase B: ${crashes.seconds} s of crash iterations from seed ${crashes.firstSeed}`);
  print(
    `vector cache: ${v.passed}/${v.iterations} passed; ${v.aimedAtSave} kills aimed at a save's files, ${v.saveInFlight} with a save request unanswered, ${v.rolledForward} restarts rolled a save forward; ${v.writesAcknowledged} acknowledged writes checked; torn sets refused: ${Object.entries(
      v.tearsRefused,
    )
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  print(
    `audit: ${a.passed}/${a.iterations} passed; ${a.eventsAcknowledged} acknowledged events checked; ${a.batchesInFlight} batches in flight at the kills (${a.inFlightStoredWhole} stored whole, the rest absent), the largest ${a.largestBatchInFlight} events`,
  );
  for (const failure of crashes.failures) print(`  FAILED ${failure.service} seed ${failure.seed}: ${failure.error}`);
  for (const note of traffic.notes) print(`note: ${note}`);
  for (const failure of traffic.failures) print(`FAIL: ${failure}`);
  print(`\nsoak: ${report.passed ? 'PASS' : 'FAIL'}`);
}
