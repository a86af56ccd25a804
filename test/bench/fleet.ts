/**
 * `npm run bench -- fleet`: exact hits from one Redis through one gateway process, then through two
 * gateway processes on the same Redis key prefix, with the same connections in all (split evenly over
 * the two). Requests/s of the two is their sum over the same seconds; server CPU per request is each
 * process's own, which other work on a shared machine disturbs least.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { useRedis } from '../fixtures/redis.js';
import { measure, type LoadResult } from './load.js';
import { startCannedServer, startGatewayProcess, type BenchProcess } from './processes.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const BODY = JSON.stringify({ model: 'bench-model', messages: [{ role: 'user', content: 'What is a sluice?' }] });

export interface FleetRow {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly cpuUsPerRequest: number | undefined;
  readonly errors: number;
}

/** One load run per gateway, all at once, `connections` split evenly over them. */
export async function hitsThrough(name: string, gateways: readonly BenchProcess[]): Promise<FleetRow> {
  const url = (g: BenchProcess) => `${g.url}/v1/chat/completions`;
  // The first request through each stores (or finds) the answer; the load is all exact hits.
  for (const g of gateways) await fetch(url(g), { method: 'POST', body: BODY, headers: { 'content-type': 'application/json' } });
  const cpuBefore = gateways.map((g) => g.cpuMicros());
  const loads: LoadResult[] = await Promise.all(
    gateways.map((g, i) =>
      measure(`${name} #${i + 1}`, { url: url(g), body: BODY, seconds: SECONDS, connections: CONNECTIONS / gateways.length }),
    ),
  );
  const cpuAfter = gateways.map((g) => g.cpuMicros());
  const requests = loads.reduce((sum, l) => sum + l.requests, 0);
  const cpu =
    cpuAfter.every((c) => c !== undefined) && cpuBefore.every((c) => c !== undefined)
      ? cpuAfter.reduce((sum: number, c, i) => sum + c! - cpuBefore[i]!, 0) / Math.max(1, requests)
      : undefined;
  return {
    name,
    requestsPerSecond: loads.reduce((sum, l) => sum + l.requestsPerSecond, 0),
    p50: Math.max(...loads.map((l) => l.p50)),
    p99: Math.max(...loads.map((l) => l.p99)),
    cpuUsPerRequest: cpu,
    errors: loads.reduce((sum, l) => sum + l.errors + l.non2xx, 0),
  };
}

export async function benchFleet(): Promise<void> {
  const redis = await useRedis();
  if (redis === undefined) {
    console.error('SKIPPED: fleet: no Redis answers and redis-server is not installed');
    return;
  }
  const loadBefore = loadavg()[0]!;
  try {
    const rows = await hitsThroughOneAndTwo(redis, [
      'exact hit, Redis cache, one gateway',
      'exact hit, Redis cache, two gateways on one Redis',
    ]);
    console.log(`\nhardware: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
    console.log(`load average before the run: ${loadBefore.toFixed(2)}`);
    console.log(`load: ${CONNECTIONS} connections in all × ${SECONDS} s (autocannon, split evenly over the gateways)\n`);
    printFleetRows(rows);
  } finally {
    await redis.cleanup();
    await redis.stop();
  }
}

/**
 * Two gateway processes with one config on the key-value store at `kv` (one Redis, a cluster), in front of
 * one canned upstream: the exact hits through the first alone, then through both; everything started is
 * stopped after.
 */
export async function hitsThroughOneAndTwo(
  kv: { readonly url: string; readonly prefix: string },
  names: readonly [string, string],
): Promise<[FleetRow, FleetRow]> {
  const started: BenchProcess[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'sluice-bench-fleet-'));
  try {
    const upstream = await startCannedServer();
    started.push(upstream);
    const conf = join(dir, 'gateway.conf');
    await writeFile(
      conf,
      `listen_addr 127.0.0.1:0;
log_level warn;
upstream_base_url ${upstream.url}/v1;
upstream_api_key dummy;
model_price bench-model 1.0 2.0;
kv_url ${kv.url};
kv_key_prefix "${kv.prefix}";
`,
    );
    const [first, second] = await Promise.all([startGatewayProcess(conf), startGatewayProcess(conf)]);
    started.push(first, second);
    return [await hitsThrough(names[0], [first]), await hitsThrough(names[1], [first, second])];
  } finally {
    await Promise.all(started.map((p) => p.stop()));
    await rm(dir, { recursive: true, force: true });
  }
}

/** The table of one-gateway and two-gateway rows, and how many times the first the second sustains. */
export function printFleetRows(rows: readonly [FleetRow, FleetRow]): void {
  console.log('| path | requests/s | p50 ms | p99 ms | server CPU µs/request | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const cpu = row.cpuUsPerRequest === undefined ? 'n/a' : row.cpuUsPerRequest.toFixed(1);
    console.log(`| ${row.name} | ${Math.round(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${cpu} | ${row.errors} |`);
  }
  const [one, two] = rows;
  console.log(`\ntwo gateways sustain ${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)}× the exact hits/s of one`);
}
