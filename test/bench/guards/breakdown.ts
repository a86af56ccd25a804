/**
 * Where the guards' time goes in the gateway: one gateway process per set of guards, each measured
 * the same way (a sequential run for latency, then a short load with the process's CPU per request),
 * so each guard's share is the difference from the gateway with the guards off.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sequentialLatency, type LatencyResult } from '../latency.js';
import { measure, type LoadResult } from '../load.js';
import { startGatewayProcess } from '../processes.js';

export interface GuardSet {
  readonly name: string;
  /** Config lines turning the guards of this set on. */
  readonly lines: string;
  readonly body: string;
}

export interface SetCost {
  readonly name: string;
  readonly latency: LatencyResult;
  readonly load: LoadResult;
  /** CPU of the gateway process per request of the load (µs); undefined without /proc. */
  readonly cpuUsPerRequest: number | undefined;
}

export interface BreakdownOptions {
  readonly dir: string;
  /** The gateway config without guards. */
  readonly baseConfig: string;
  readonly headers: Record<string, string>;
  readonly latencyRequests: number;
  readonly seconds: number;
  readonly connections: number;
}

/** Measures each set in turn, in a fresh gateway process stopped before the next one starts. */
export async function measureGuardSets(sets: readonly GuardSet[], options: BreakdownOptions): Promise<SetCost[]> {
  const costs: SetCost[] = [];
  for (const [index, set] of sets.entries()) {
    const file = join(options.dir, `breakdown-${index}.conf`);
    await writeFile(file, `${options.baseConfig}${set.lines}`);
    const gateway = await startGatewayProcess(file);
    try {
      const url = `${gateway.url}/v1/chat/completions`;
      const latency = await sequentialLatency(url, set.body, options.headers, {
        requests: options.latencyRequests,
        warmup: 300,
      });
      const cpuBefore = gateway.cpuMicros();
      const load = await measure(set.name, {
        url,
        body: set.body,
        headers: options.headers,
        seconds: options.seconds,
        connections: options.connections,
      });
      const cpuAfter = gateway.cpuMicros();
      const cpuUsPerRequest =
        cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / Math.max(1, load.requests);
      costs.push({ name: set.name, latency, load, cpuUsPerRequest });
      console.error(`done: guards breakdown, ${set.name}`);
    } finally {
      await gateway.stop();
    }
  }
  return costs;
}
