/**
 * Rates of several paths measured in alternating rounds, so on a shared machine every path sees the same
 * background load and a slow spell cannot fall on one path alone.
 */
import { postAll, rotatingLoad } from './http-load.js';
import type { NodeProcess } from './node-process.js';

export interface LoadTarget {
  readonly name: string;
  readonly server: NodeProcess & { readonly url: string };
  readonly path: string;
  readonly bodies: readonly string[];
}

export interface LoadMeasure {
  /** Requests answered over all rounds, divided by the seconds of all rounds. */
  readonly requestsPerSecond: number;
  readonly requests: number;
  /** Mean of the rounds' p50, ms. */
  readonly p50: number;
  /** The worst round's p99, ms. */
  readonly p99: number;
  readonly failures: number;
  /** Server CPU per request, µs; undefined without /proc. */
  readonly cpuMicrosPerRequest: number | undefined;
}

export async function measureInRounds(
  targets: readonly LoadTarget[],
  options: { rounds: number; seconds: number; connections: number },
): Promise<Map<string, LoadMeasure>> {
  const perRound = options.seconds / options.rounds;
  const totals = new Map(
    targets.map((t) => [
      t.name,
      { requests: 0, seconds: 0, p50s: [] as number[], p99: 0, failures: 0, cpu: 0 as number | undefined },
    ]),
  );
  for (const target of targets) {
    // Warms the path (JIT, connection pools) before anything of it is measured.
    await postAll({
      url: `${target.server.url}${target.path}`,
      count: 300,
      concurrency: 4,
      body: (i) => target.bodies[i % target.bodies.length]!,
    });
  }
  for (let round = 0; round < options.rounds; round++) {
    for (const target of targets) {
      const total = totals.get(target.name)!;
      const cpuBefore = target.server.cpuMicros();
      const load = await rotatingLoad({
        url: `${target.server.url}${target.path}`,
        bodies: target.bodies,
        seconds: perRound,
        connections: options.connections,
      });
      const cpuAfter = target.server.cpuMicros();
      total.requests += load.requests;
      total.seconds += load.seconds;
      total.p50s.push(load.p50);
      total.p99 = Math.max(total.p99, load.p99);
      total.failures += load.failures;
      total.cpu =
        total.cpu === undefined || cpuBefore === undefined || cpuAfter === undefined
          ? undefined
          : total.cpu + cpuAfter - cpuBefore;
    }
  }
  const measures = new Map<string, LoadMeasure>();
  for (const [name, total] of totals) {
    measures.set(name, {
      requestsPerSecond: total.requests / total.seconds,
      requests: total.requests,
      p50: total.p50s.reduce((a, b) => a + b, 0) / total.p50s.length,
      p99: total.p99,
      failures: total.failures,
      cpuMicrosPerRequest: total.cpu === undefined ? undefined : total.cpu / Math.max(1, total.requests),
    });
  }
  return measures;
}
