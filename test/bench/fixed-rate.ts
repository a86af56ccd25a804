/**
 * Latency at a fixed offered rate, below saturation: an open-loop client that starts requests on a
 * schedule whatever the server's answers, so a slow answer does not slow the load that follows it.
 * autocannon's `overallRate` does not do this: each connection gets a budget per second that it spends
 * back to back as the second starts, which is saturation in bursts, and its latencies are corrected for
 * a 1 ms expected interval whatever the rate.
 */
import { spawn } from 'node:child_process';
import { text } from 'node:stream/consumers';
import { setTimeout as delay } from 'node:timers/promises';
import { Pool } from 'undici';

export interface FixedRateOptions {
  readonly url: string;
  /** The body of each request, in turn. */
  readonly next: () => string;
  readonly headers?: Record<string, string>;
  /** Requests started per second. */
  readonly rate: number;
  readonly seconds: number;
  /** Keep-alive connections the requests share; one waiting for a free connection counts its wait. */
  readonly connections: number;
  /** How long the last requests may take after the schedule ends before they count as errors. */
  readonly drainSeconds?: number;
  /**
   * Seconds at the rate before the measured schedule, not counted: a run just after a saturation run
   * would otherwise time the collection of that run's garbage.
   */
  readonly warmupSeconds?: number;
}

export interface FixedRateResult {
  readonly offeredPerSecond: number;
  /** Requests answered 2xx per second of the schedule. */
  readonly answeredPerSecond: number;
  readonly requests: number;
  /** Latency in ms (fractions kept), from the request's hand-over to the pool to the last byte of its answer. */
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Failed, non-2xx, or unanswered when the drain ended. */
  readonly errors: number;
  /** How far behind its schedule the client started its latest request (ms): large means the client, not the server, set the pace. */
  readonly maxLagMs: number;
}

export async function measureAtFixedRate(options: FixedRateOptions): Promise<FixedRateResult> {
  const target = new URL(options.url);
  const timeoutMs = (options.drainSeconds ?? 10) * 1000;
  const pool = new Pool(target.origin, {
    connections: options.connections,
    pipelining: 1,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const warmup = Math.round(options.rate * (options.warmupSeconds ?? 0));
  const total = warmup + Math.max(1, Math.round(options.rate * options.seconds));
  const intervalMs = 1000 / options.rate;
  const samples: number[] = [];
  const inFlight = new Set<Promise<void>>();
  let errors = 0;
  let maxLagMs = 0;
  const send = (body: string, counted: boolean) => {
    const started = performance.now();
    const request = pool
      .request({
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...options.headers },
        body,
      })
      .then(async (response) => {
        await response.body.arrayBuffer();
        if (!counted) return;
        if (response.statusCode >= 200 && response.statusCode < 300) samples.push(performance.now() - started);
        else errors += 1;
      })
      .catch(() => {
        if (counted) errors += 1;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  const begin = performance.now();
  try {
    for (let sent = 0; sent < total;) {
      const now = performance.now();
      const due = begin + sent * intervalMs;
      if (now < due) {
        // Node's timers fire on whole milliseconds: the requests due meanwhile go out together at the next tick.
        await delay(Math.max(1, Math.floor(due - now)));
        continue;
      }
      if (sent >= warmup) maxLagMs = Math.max(maxLagMs, now - due);
      send(options.next(), sent >= warmup);
      sent += 1;
    }
    const drained = Promise.all(inFlight).then(() => true);
    if (!(await Promise.race([drained, delay(timeoutMs, false)]))) errors += inFlight.size;
  } finally {
    await pool.destroy();
  }
  samples.sort((a, b) => a - b);
  return {
    offeredPerSecond: options.rate,
    answeredPerSecond: samples.length / options.seconds,
    requests: samples.length,
    p50: percentile(samples, 0.5),
    p99: percentile(samples, 0.99),
    max: samples.at(-1) ?? Number.NaN,
    errors,
    maxLagMs,
  };
}

/**
 * {@link measureAtFixedRate} in a process of its own (fixed-rate-client.ts), cycling through `bodies`: a
 * pause of the caller's event loop or garbage collector then delays no request of the schedule.
 */
export async function measureApart(
  options: Omit<FixedRateOptions, 'next'> & { readonly bodies: readonly string[] },
): Promise<FixedRateResult> {
  const client = spawn(process.execPath, ['--import', 'tsx', new URL('./fixed-rate-client.ts', import.meta.url).pathname], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => client.once('exit', resolve));
  client.stdin.end(JSON.stringify(options));
  const output = await text(client.stdout);
  const code = await exited;
  if (code !== 0) throw new Error(`the fixed-rate client exited with ${code}`);
  return JSON.parse(output) as FixedRateResult;
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
