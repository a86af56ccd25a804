/** HTTP load on the servers: a bounded pool of clients for inserts and recall queries, autocannon for rates. */
import autocannon from 'autocannon';
import { Pool } from 'undici';

/**
 * POSTs `count` bodies with `concurrency` requests in flight (one connection each) and returns the
 * seconds it took. Any answer other than 200 stops the run: the data would no longer be what was asked.
 */
export async function postAll(options: {
  url: string;
  count: number;
  concurrency: number;
  body: (i: number) => string;
  onReply?: (i: number, reply: unknown) => void;
}): Promise<number> {
  const target = new URL(options.url);
  const pool = new Pool(target.origin, { connections: options.concurrency, pipelining: 1 });
  let next = 0;
  const client = async () => {
    while (next < options.count) {
      const i = next++;
      const response = await pool.request({
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: options.body(i),
      });
      const text = await response.body.text();
      if (response.statusCode !== 200) {
        throw new Error(`${options.url} #${i} answered ${response.statusCode}: ${text.slice(0, 300)}`);
      }
      options.onReply?.(i, JSON.parse(text) as unknown);
    }
  };
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: Math.min(options.concurrency, options.count) }, client));
  } finally {
    await pool.close();
  }
  return (performance.now() - started) / 1000;
}

export interface LoadRow {
  readonly requestsPerSecond: number;
  readonly requests: number;
  /** How long the run took, s. */
  readonly seconds: number;
  /** Latency percentiles, ms (autocannon's whole-millisecond histogram). */
  readonly p50: number;
  readonly p99: number;
  /** Errors, timeouts and answers other than 2xx. */
  readonly failures: number;
}

/** One bounded autocannon run POSTing `bodies` in turn, so the server sees many different queries. */
export async function rotatingLoad(options: {
  url: string;
  bodies: readonly string[];
  seconds: number;
  connections: number;
}): Promise<LoadRow> {
  let next = 0;
  const result = await autocannon({
    url: options.url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({ ...request, body: options.bodies[next++ % options.bodies.length]! }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
