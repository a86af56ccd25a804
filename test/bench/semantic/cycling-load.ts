/**
 * The load and the sequential latency of load.ts and latency.ts, over a cycle of request bodies instead
 * of one. Every request takes the next body of one shared cycle, so the requests in flight at a time all
 * differ: a cycle longer than the gateway's parsed-request memo (1,024 bodies) leaves nothing for it to
 * reuse, as with real paraphrases, which rarely repeat byte for byte.
 */
import autocannon from 'autocannon';
import { Pool } from 'undici';
import type { LatencyResult } from '../latency.js';
import type { LoadResult } from '../load.js';

export interface CyclingLoadOptions {
  readonly url: string;
  readonly bodies: readonly string[];
  readonly seconds: number;
  readonly connections: number;
}

export async function measureCycling(name: string, options: CyclingLoadOptions): Promise<LoadResult> {
  const next = cycle(options.bodies);
  const result = await autocannon({
    url: options.url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
    // Rebuilding each request costs the load generator a few µs; it never touches the gateway's share.
    requests: [{ setupRequest: (request) => ({ ...request, body: next() }) }],
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** As `sequentialLatency`: one keep-alive connection, µs per request after a warm-up, each with the next body. */
export async function sequentialCyclingLatency(
  url: string,
  bodies: readonly string[],
  options: { requests: number; warmup: number },
): Promise<LatencyResult> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: 1, pipelining: 1 });
  const next = cycle(bodies);
  const samples: number[] = [];
  try {
    for (let i = 0; i < options.warmup + options.requests; i += 1) {
      const started = process.hrtime.bigint();
      const response = await pool.request({
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: next(),
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

/** The bodies in turn, round and round: each paraphrase is asked as often as the others. */
export function cycle(bodies: readonly string[]): () => string {
  if (bodies.length === 0) throw new Error('a cycling load needs at least one body');
  let index = 0;
  return () => {
    const body = bodies[index]!;
    index = (index + 1) % bodies.length;
    return body;
  };
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
