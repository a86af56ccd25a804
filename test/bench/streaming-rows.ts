/**
 * Rows (g) and (h) of `npm run bench -- gateway`: `stream: true` requests served by controlled streaming.
 * (g) passes through to the fake upstream, which streams the canned answer word by word; the gateway reads
 * and assembles the whole stream before it writes the provider's chunks to the client. (h) answers from
 * the in-memory exact cache and replays the stored completion as server-sent events. Each row has its
 * own gateway process, and the same load and latency runs as the other rows.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sequentialLatency, type LatencyResult } from './latency.js';
import { measure, type LoadResult } from './load.js';
import { startCannedServer, startGatewayProcess, type BenchProcess } from './processes.js';
import { metricSeries, metricTotals } from './semantic/gateway-metrics.js';
import { CANNED_CONTENT, CANNED_EVENTS } from './streaming/canned-events.js';
import { checkStreamSample, type StreamExpectation } from './streaming/check-stream.js';

// The same settings and request as the other rows (gateway.ts), with `stream: true`, so the rows compare.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const LATENCY_REQUESTS = Number(process.env.BENCH_LATENCY_REQUESTS ?? 3000);
const BODY = JSON.stringify({
  model: 'bench-model',
  messages: [{ role: 'user', content: 'What is a sluice?' }],
  stream: true,
});
const BYPASS = { 'x-sluice-cache-bypass': '1' };
/** Streamed answers checked one by one before each row's load. */
const SAMPLE = 20;
// Stream errors other than client aborts (the load's last requests, cut off at its end) count in the upstream one.
const METRICS = [
  'gw_requests_total',
  'gw_cache_exact_hits',
  'gw_stream_errors_total',
  'gw_stream_upstream_errors_total',
] as const;

export interface StreamRow {
  readonly load: LoadResult;
  readonly latency: LatencyResult;
  readonly cpuUsPerRequest: number | undefined;
}

export interface StreamingRows {
  readonly rows: StreamRow[];
  /** What each streamed row costs next to its non-stream counterpart, for after the table. */
  printNotes(all: readonly StreamRow[]): void;
}

export async function benchStreamingRows(paths: ReadonlySet<string>): Promise<StreamingRows> {
  const rows: StreamRow[] = [];
  const counts: string[] = [];
  if (!paths.has('g') && !paths.has('h')) return { rows, printNotes: () => undefined };
  const dir = await mkdtemp(join(tmpdir(), 'sluice-bench-streaming-'));
  const started: BenchProcess[] = [];
  const track = async (p: Promise<BenchProcess>) => {
    const proc = await p;
    started.push(proc);
    return proc;
  };
  try {
    // Its own upstream, so no other row's load has warmed or worn its connections.
    const upstream = await track(startCannedServer());
    const configFile = join(dir, 'streaming.conf');
    await writeFile(configFile, streamingGatewayConfig(upstream.url));
    const run = async (name: string, headers: Record<string, string>, expect: StreamExpectation) => {
      const gateway = await track(startGatewayProcess(configFile));
      const url = `${gateway.url}/v1/chat/completions`;
      // For (h) this first request fills the exact cache; the key ignores `stream`, the stored answer is the assembled one.
      await fetch(url, { method: 'POST', body: BODY, headers: { 'content-type': 'application/json', ...headers } });
      await checkStreamSample(url, BODY, headers, expect, SAMPLE);
      const latency = await sequentialLatency(url, BODY, headers, { requests: LATENCY_REQUESTS, warmup: 300 });
      const before = await metricTotals(gateway.url, METRICS);
      const cpuBefore = gateway.cpuMicros();
      const load = await measure(name, { url, body: BODY, headers, seconds: SECONDS, connections: CONNECTIONS });
      const cpuAfter = gateway.cpuMicros();
      const after = await metricTotals(gateway.url, METRICS);
      const cpuUsPerRequest =
        cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / Math.max(1, load.requests);
      rows.push({ load, latency, cpuUsPerRequest });
      const delta = (metric: (typeof METRICS)[number]) => after[metric] - before[metric];
      counts.push(`${name.slice(0, 3)} load: ` + METRICS.map((metric) => `${metric} +${delta(metric)}`).join(', '));
      // Streams cut by the load generator when its time is up count too: the classes say which these were.
      if (delta('gw_stream_errors_total') > 0) {
        const series = await metricSeries(gateway.url, 'gw_stream_errors_total');
        counts.push(`${name.slice(0, 3)} gw_stream_errors_total since the gateway started: ${series.join(', ')}`);
      }
      console.error(`done: ${name}`);
    };
    // A fresh answer keeps the provider's chunks (CANNED_EVENTS less usage); a hit is replayed as two chunks and [DONE].
    if (paths.has('g')) {
      const expect = { cache: 'bypass', content: CANNED_CONTENT, events: CANNED_EVENTS.length };
      await run('(g) streamed pass-through via gateway (cache bypassed)', BYPASS, expect);
    }
    if (paths.has('h')) {
      await run('(h) streamed exact hit, in-memory cache', {}, { cache: 'hit-exact', content: CANNED_CONTENT, events: 3 });
    }
    return { rows, printNotes: (all) => printNotes(all, counts) };
  } finally {
    await Promise.all(started.map((p) => p.stop()));
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A gateway with streaming on in front of `upstreamUrl`: rows (g) and (h), and sluice in the peers
 * comparison, in controlled mode as they were first measured; row (l) sets each mode.
 */
export function streamingGatewayConfig(upstreamUrl: string, mode: 'controlled' | 'incremental' = 'controlled'): string {
  return `listen_addr 127.0.0.1:0;
log_level warn;
upstream_base_url ${upstreamUrl}/v1;
upstream_api_key dummy;
model_price bench-model 1.0 2.0;
streaming_enabled on;
streaming_mode ${mode};
`;
}

function printNotes(all: readonly StreamRow[], counts: readonly string[]): void {
  const byName = (prefix: string) => all.find((r) => r.load.name.startsWith(prefix));
  console.log(`\nstreamed rows: ${SAMPLE} answers of each checked before its load (text/event-stream, chunks, data: [DONE])`);
  for (const line of counts) console.log(line);
  for (const [streamed, plain] of [
    ['(g)', '(b)'],
    ['(h)', '(c)'],
  ] as const) {
    const s = byName(streamed);
    const p = byName(plain);
    if (s === undefined || p === undefined) continue;
    const rate = (s.load.requestsPerSecond / p.load.requestsPerSecond) * 100;
    const cpu =
      s.cpuUsPerRequest === undefined || p.cpuUsPerRequest === undefined
        ? 'server CPU n/a'
        : `server CPU ${signed(s.cpuUsPerRequest - p.cpuUsPerRequest, 1)} µs/request`;
    console.log(
      `${streamed} against ${plain}: ${rate.toFixed(1)}% of the requests/s, sequential p50 ${signed(s.latency.p50Us - p.latency.p50Us, 0)} µs, ${cpu}`,
    );
  }
}

function signed(value: number, digits: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
}
