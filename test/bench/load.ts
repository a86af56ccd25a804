/** One bounded autocannon run, reduced to the numbers the reports show. */
import autocannon from 'autocannon';

export interface LoadResult {
  readonly name: string;
  readonly requestsPerSecond: number;
  /** Requests answered in the whole run. */
  readonly requests: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
}

export interface LoadOptions {
  readonly url: string;
  readonly body: string;
  readonly headers?: Record<string, string>;
  readonly seconds: number;
  readonly connections: number;
}

export async function measure(name: string, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: 'POST',
    body: options.body,
    headers: { 'content-type': 'application/json', ...options.headers },
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
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
