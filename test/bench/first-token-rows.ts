/**
 * Row (l) of `npm run bench -- gateway`: time to first token of a streamed answer, controlled against
 * incremental streaming, in front of the fake provider generating slowly (`gapMs` between events, as a
 * model emits tokens). Each request bypasses the cache, so every answer is generated; the provider direct
 * is measured the same way as the floor. The first token is the first content delta the client reads.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { startFakeUpstream } from '../fixtures/fake-upstream.js';
import { startGatewayProcess, type BenchProcess } from './processes.js';
import { streamingGatewayConfig } from './streaming-rows.js';

const REQUESTS = Number(process.env.BENCH_TTFT_REQUESTS ?? 200);
/** Streams in flight at once: a slow provider leaves the gateway idle, so a few overlap without queueing. */
const PARALLEL = Number(process.env.BENCH_TTFT_PARALLEL ?? 8);
/** Milliseconds between the provider's events. */
const GAP_MS = Number(process.env.BENCH_TTFT_GAP_MS ?? 20);
const QUESTION = 'Explain in a few sentences what a sluice is and how its gate controls the flow of water.';
const ANSWER = `echo: ${QUESTION}`;
const BODY = JSON.stringify({ model: 'bench-model', messages: [{ role: 'user', content: QUESTION }], stream: true });
const HEADERS = { 'content-type': 'application/json', 'x-sluice-cache-bypass': '1' };

export interface FirstTokenRow {
  readonly name: string;
  readonly firstTokenP50Ms: number;
  readonly firstTokenP99Ms: number;
  readonly wholeP50Ms: number;
  readonly wholeP99Ms: number;
  readonly samples: number;
  /** CPU of the gateway per streamed answer (µs); undefined for the provider direct or without /proc. */
  readonly cpuUsPerAnswer: number | undefined;
}

export async function benchFirstTokenRows(paths: ReadonlySet<string>): Promise<FirstTokenRow[]> {
  if (!paths.has('l')) return [];
  const upstream = await startFakeUpstream({ models: ['bench-model'] });
  upstream.behave({ kind: 'stream', gapMs: GAP_MS });
  const dir = await mkdtemp(join(tmpdir(), 'sluice-bench-first-token-'));
  const started: BenchProcess[] = [];
  try {
    const rows = [await measureRow('(l) provider direct', `${upstream.url}/v1/chat/completions`)];
    for (const mode of ['controlled', 'incremental'] as const) {
      const configFile = join(dir, `${mode}.conf`);
      await writeFile(configFile, streamingGatewayConfig(upstream.url, mode));
      const gateway = await startGatewayProcess(configFile);
      started.push(gateway);
      rows.push(await measureRow(`(l) via gateway, streaming_mode ${mode}`, `${gateway.url}/v1/chat/completions`, gateway));
      console.error(`done: (l) ${mode}`);
    }
    return rows;
  } finally {
    await Promise.all(started.map((p) => p.stop()));
    await upstream.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function measureRow(name: string, url: string, server?: BenchProcess): Promise<FirstTokenRow> {
  const target = new URL(url);
  const cpuBefore = server?.cpuMicros();
  const pool = new Pool(target.origin, { connections: PARALLEL, pipelining: 1 });
  const first: number[] = [];
  const whole: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS + PARALLEL) {
      const index = next++;
      const timing = await oneStream(pool, target.pathname);
      // Each connection's first stream warms it up.
      if (index >= PARALLEL) {
        first.push(timing.firstMs);
        whole.push(timing.wholeMs);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  } finally {
    await pool.close();
  }
  const cpuAfter = server?.cpuMicros();
  first.sort((a, b) => a - b);
  whole.sort((a, b) => a - b);
  return {
    cpuUsPerAnswer:
      cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / (REQUESTS + PARALLEL),
    name,
    firstTokenP50Ms: percentile(first, 0.5),
    firstTokenP99Ms: percentile(first, 0.99),
    wholeP50Ms: percentile(whole, 0.5),
    wholeP99Ms: percentile(whole, 0.99),
    samples: first.length,
  };
}

/** One streamed answer: when its first content delta and its end were read; checked against the answer. */
async function oneStream(pool: Pool, path: string): Promise<{ firstMs: number; wholeMs: number }> {
  const began = performance.now();
  const response = await pool.request({ path, method: 'POST', headers: HEADERS, body: BODY });
  if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}`);
  let firstMs: number | undefined;
  let text = '';
  let pending = '';
  for await (const data of response.body) {
    pending += (data as Buffer).toString('utf8');
    const events = pending.split('\n\n');
    pending = events.pop() ?? '';
    for (const event of events) {
      if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
      const delta = (JSON.parse(event.slice(6)) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta;
      if (typeof delta?.content !== 'string' || delta.content === '') continue;
      firstMs ??= performance.now() - began;
      text += delta.content;
    }
  }
  if (text !== ANSWER || firstMs === undefined) throw new Error(`${path} streamed ${JSON.stringify(text)}, not the answer`);
  return { firstMs, wholeMs: performance.now() - began };
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** The table of row (l), printed after the main one since its columns differ. */
export function printFirstTokenRows(rows: readonly FirstTokenRow[]): void {
  if (rows.length === 0) return;
  console.log(
    `\n(l) time to first token: ${REQUESTS} streamed answers per row, ${PARALLEL} at a time, provider events ${GAP_MS} ms apart, cache bypassed`,
  );
  console.log(
    '| path | first token p50 ms | first token p99 ms | whole answer p50 ms | whole answer p99 ms | gateway CPU µs/answer |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const cpu = row.cpuUsPerAnswer === undefined ? 'n/a' : row.cpuUsPerAnswer.toFixed(0);
    console.log(
      `| ${row.name} | ${row.firstTokenP50Ms.toFixed(1)} | ${row.firstTokenP99Ms.toFixed(1)} | ${row.wholeP50Ms.toFixed(1)} | ${row.wholeP99Ms.toFixed(1)} | ${cpu} |`,
    );
  }
}
