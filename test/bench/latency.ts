/**
 * Sequential request latency in microseconds over one keep-alive connection: the clean measure of
 * what a hop adds, which autocannon's whole-millisecond histogram cannot resolve.
 */
import { Pool } from 'undici';

export interface LatencyResult {
  readonly p50Us: number;
  readonly p99Us: number;
  readonly samples: number;
}

export async function sequentialLatency(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { requests: number; warmup: number },
): Promise<LatencyResult> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: 1, pipelining: 1 });
  const samples: number[] = [];
  try {
    for (let i = 0; i < options.warmup + options.requests; i += 1) {
      const started = process.hrtime.bigint();
      const response = await pool.request({
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      await response.body.arrayBuffer();
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
      if (i >= options.warmup) samples.push(Number(process.hrtime.bigint() - started) / 1000);
    }
  } finally {
    await pool.close();
  }
  samples.sort((a, b) => a - b);
  return { p50Us: percentile(samples, 0.5), p99Us: percentile(samples, 0.99), samples: samples.length };
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
