/**
 * What the gateway costs on `POST /v1/responses` next to chat completions: the pass-through (cache bypassed)
 * of each, whole and streamed, and an exact hit of a Responses request, against the same canned upstream.
 * Run: `npm run bench -- responses` (`BENCH_SECONDS`, `BENCH_CONNECTIONS`,
 * `BENCH_LATENCY_REQUESTS` as for `npm run bench -- gateway`).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sequentialLatency } from '../latency.js';
import { measure } from '../load.js';
import { startGatewayProcess, startProcess, type BenchProcess } from '../processes.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const LATENCY_REQUESTS = Number(process.env.BENCH_LATENCY_REQUESTS ?? 3000);
const BYPASS = { 'x-sluice-cache-bypass': '1' };
const QUESTION = 'What is a sluice?';
const CHAT = JSON.stringify({ model: 'bench-model', messages: [{ role: 'user', content: QUESTION }] });
const RESPONSES = JSON.stringify({ model: 'bench-model', input: QUESTION });
const RESPONSES_ITEMS = JSON.stringify({
  model: 'bench-model',
  instructions: 'Be brief.',
  input: [{ role: 'user', content: [{ type: 'input_text', text: QUESTION }] }],
});
const streamed = (body: string) => JSON.stringify({ ...(JSON.parse(body) as object), stream: true });

interface Row {
  readonly name: string;
  readonly rps: number;
  readonly p50Us: number;
  readonly p99Us: number;
  readonly cpuUs: number | undefined;
  readonly errors: number;
}

async function row(
  name: string,
  server: BenchProcess,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<Row> {
  const url = `${server.url}${path}`;
  const latency = await sequentialLatency(url, body, headers, { requests: LATENCY_REQUESTS, warmup: 300 });
  const before = server.cpuMicros();
  const load = await measure(name, { url, body, headers, seconds: SECONDS, connections: CONNECTIONS });
  const after = server.cpuMicros();
  const cpuUs = before === undefined || after === undefined ? undefined : (after - before) / Math.max(1, load.requests);
  console.error(`done: ${name}`);
  return {
    name,
    rps: load.requestsPerSecond,
    p50Us: latency.p50Us,
    p99Us: latency.p99Us,
    cpuUs,
    errors: load.errors + load.non2xx,
  };
}

export async function benchResponsesPassThrough(): Promise<void> {
  const started: BenchProcess[] = [];
  const track = async (p: Promise<BenchProcess>) => {
    const proc = await p;
    started.push(proc);
    return proc;
  };
  const dir = await mkdtemp(join(tmpdir(), 'sluice-bench-responses-'));
  try {
    const server = new URL('./canned-responses-server.ts', import.meta.url).pathname;
    const upstream = await track(startProcess(['--import', 'tsx', server], /listening (\d+)/, (m) => `http://127.0.0.1:${m[1]}`));
    const conf = join(dir, 'gateway.conf');
    const config = `listen_addr 127.0.0.1:0;\nlog_level warn;\nupstream_base_url ${upstream.url}/v1;\nupstream_api_key dummy;\nmodel_price bench-model 1.0 2.0;\nstreaming_enabled on;\n`;
    await writeFile(conf, config);
    // One gateway process per row, so no row inherits another's heap or connection state.
    const fresh = () => track(startGatewayProcess(conf));
    const rows = [
      await row('chat completions, pass-through', await fresh(), '/v1/chat/completions', CHAT, BYPASS),
      await row('responses, string input, pass-through', await fresh(), '/v1/responses', RESPONSES, BYPASS),
      await row('responses, instructions + input item, pass-through', await fresh(), '/v1/responses', RESPONSES_ITEMS, BYPASS),
      await row('chat completions, streamed pass-through', await fresh(), '/v1/chat/completions', streamed(CHAT), BYPASS),
      await row('responses, streamed pass-through', await fresh(), '/v1/responses', streamed(RESPONSES), BYPASS),
      await row('responses, exact hit (in memory)', await fresh(), '/v1/responses', RESPONSES, {}),
    ];
    console.log(`\nhardware: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
    console.log(
      `load: ${CONNECTIONS} connections × ${SECONDS} s (autocannon); latency: ${LATENCY_REQUESTS} sequential requests\n`,
    );
    console.log('| path | requests/s | sequential p50 µs | sequential p99 µs | server CPU µs/request | errors |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      const cpu = r.cpuUs === undefined ? 'n/a' : r.cpuUs.toFixed(1);
      console.log(
        `| ${r.name} | ${Math.round(r.rps)} | ${Math.round(r.p50Us)} | ${Math.round(r.p99Us)} | ${cpu} | ${r.errors} |`,
      );
    }
  } finally {
    for (const proc of started.reverse()) await proc.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
