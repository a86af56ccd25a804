/**
 * Row (i) of `npm run bench -- gateway`: pass-through (cache bypassed) with the three guards on, each
 * running its engine in the gateway (`local`): the security guard's built-in rules on the request and
 * the answer, the privacy guard anonymising (mappings in memory), the usage guard with its built-in
 * policy. Row (b) is the same path with the guards off. After the table, where the guards' time goes:
 * one gateway per set of guards under a shorter load, and each engine's cost per call in process.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureGuardSets, type GuardSet, type SetCost } from './guards/breakdown.js';
import { checkGuardsOn, GUARD_STAGES, guardCounts } from './guards/checks.js';
import { engineCosts, type EngineCost } from './guards/engine-costs.js';
import { sequentialLatency, type LatencyResult } from './latency.js';
import { measure, type LoadResult } from './load.js';
import { startCannedServer, startGatewayProcess, type BenchProcess } from './processes.js';
import { CANNED_COMPLETION } from './servers/canned-completion.js';

// The same settings and request as the other rows (gateway.ts), so the rows compare.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const LATENCY_REQUESTS = Number(process.env.BENCH_LATENCY_REQUESTS ?? 3000);
/** The breakdown's gateways: a shorter load and sequential run each, six of them. */
const BREAKDOWN_SECONDS = Number(process.env.BENCH_GUARDS_BREAKDOWN_SECONDS ?? 5);
const BREAKDOWN_LATENCY_REQUESTS = Math.min(LATENCY_REQUESTS, 1000);
const QUESTION = 'What is a sluice?';
const EMAIL_QUESTION = 'What is a sluice? Mail the answer to ana.lopez@example.org.';
const body = (content: string) => JSON.stringify({ model: 'bench-model', messages: [{ role: 'user', content }] });
const BODY = body(QUESTION);
const BYPASS = { 'x-sluice-cache-bypass': '1' };
const SECURITY = 'security_guard_enabled on;\n';
const PRIVACY = 'privacy_guard_enabled on;\n';
const USAGE = 'usage_guard_enabled on;\n';
const ALL = `${SECURITY}${PRIVACY}${USAGE}`;

export interface GuardRow {
  readonly load: LoadResult;
  readonly latency: LatencyResult;
  readonly cpuUsPerRequest: number | undefined;
}

export interface GuardRows {
  readonly rows: GuardRow[];
  /** The comparison with (b) and where the guards' time goes, for after the table. */
  printNotes(all: readonly GuardRow[]): void;
}

export async function benchGuardRows(paths: ReadonlySet<string>): Promise<GuardRows> {
  if (!paths.has('i')) return { rows: [], printNotes: () => undefined };
  const loadBefore = loadavg()[0]!;
  const dir = await mkdtemp(join(tmpdir(), 'sluice-bench-guards-'));
  const started: BenchProcess[] = [];
  try {
    // Its own upstream, so no other row's load has warmed or worn its connections.
    const upstream = await startCannedServer();
    started.push(upstream);
    const baseConfig = gatewayConfig(upstream.url);
    const file = join(dir, 'guards.conf');
    await writeFile(file, `${baseConfig}${ALL}`);
    const { row, counts } = await measureRow(file);

    const sets: GuardSet[] = [
      { name: 'guards off', lines: '', body: BODY },
      { name: 'security only', lines: SECURITY, body: BODY },
      { name: 'privacy only', lines: PRIVACY, body: BODY },
      { name: 'privacy only, question with an email (anonymised)', lines: PRIVACY, body: body(EMAIL_QUESTION) },
      { name: 'usage only', lines: USAGE, body: BODY },
      { name: 'all three', lines: ALL, body: BODY },
    ];
    const breakdown = await measureGuardSets(sets, {
      dir,
      baseConfig,
      headers: BYPASS,
      latencyRequests: BREAKDOWN_LATENCY_REQUESTS,
      seconds: BREAKDOWN_SECONDS,
      connections: CONNECTIONS,
    });
    const answer = (JSON.parse(CANNED_COMPLETION) as { choices: { message: { content: string } }[] }).choices[0]!.message.content;
    const engines = await engineCosts(QUESTION, answer, EMAIL_QUESTION);
    const machine = `load average ${loadBefore.toFixed(1)} when these rows started, ${loadavg()[0]!.toFixed(1)} when they ended`;
    return { rows: [row], printNotes: (all) => printNotes(all, { counts, machine, breakdown, engines }) };
  } finally {
    await Promise.all(started.map((p) => p.stop()));
    await rm(dir, { recursive: true, force: true });
  }
}

/** Row (i): its own gateway process, checked, then the same latency and load runs as the other rows. */
async function measureRow(configFile: string): Promise<{ row: GuardRow; counts: string }> {
  const gateway = await startGatewayProcess(configFile);
  try {
    const url = `${gateway.url}/v1/chat/completions`;
    const post = (content: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...BYPASS }, body: body(content) });
    await checkGuardsOn(gateway.url, post, { plain: QUESTION, withEmail: EMAIL_QUESTION });
    const latency = await sequentialLatency(url, BODY, BYPASS, { requests: LATENCY_REQUESTS, warmup: 300 });
    const before = await guardCounts(gateway.url);
    const cpuBefore = gateway.cpuMicros();
    const name = '(i) pass-through, security + privacy + usage guards on (local engines)';
    const load = await measure(name, { url, body: BODY, headers: BYPASS, seconds: SECONDS, connections: CONNECTIONS });
    const cpuAfter = gateway.cpuMicros();
    const after = await guardCounts(gateway.url);
    const cpuUsPerRequest =
      cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / Math.max(1, load.requests);
    const counts = GUARD_STAGES.map(([guard, stage], i) => `${guard} ${stage} +${after[i]! - before[i]!}`).join(', ');
    console.error(`done: ${name}`);
    return { row: { load, latency, cpuUsPerRequest }, counts };
  } finally {
    await gateway.stop();
  }
}

function gatewayConfig(upstreamUrl: string): string {
  return `listen_addr 127.0.0.1:0;
log_level warn;
upstream_base_url ${upstreamUrl}/v1;
upstream_api_key dummy;
model_price bench-model 1.0 2.0;
`;
}

interface Notes {
  readonly counts: string;
  readonly machine: string;
  readonly breakdown: readonly SetCost[];
  readonly engines: readonly EngineCost[];
}

function printNotes(all: readonly GuardRow[], { counts, machine, breakdown, engines }: Notes): void {
  const byName = (prefix: string) => all.find((r) => r.load.name.startsWith(prefix));
  console.log(`\nguards rows: ${machine}`);
  console.log('before the load of (i), an injection prompt answered 403 security_request_blocked and an email was anonymised');
  console.log(`(i) load, gw_guard_requests_total: ${counts}`);
  const i = byName('(i)');
  const b = byName('(b)');
  if (i !== undefined && b !== undefined) {
    const rate = (i.load.requestsPerSecond / b.load.requestsPerSecond) * 100;
    const cpu =
      i.cpuUsPerRequest === undefined || b.cpuUsPerRequest === undefined
        ? 'server CPU n/a'
        : `server CPU ${signed(i.cpuUsPerRequest - b.cpuUsPerRequest, 1)} µs/request`;
    console.log(
      `(i) against (b): ${rate.toFixed(1)}% of the requests/s, p99 ${i.load.p99} ms against ${b.load.p99} ms, sequential p50 ${signed(i.latency.p50Us - b.latency.p50Us, 0)} µs, ${cpu}`,
    );
  }
  const off = breakdown[0];
  console.log(
    `\nwhere the guards' time goes: one gateway per line, ${BREAKDOWN_LATENCY_REQUESTS} sequential requests, then ${CONNECTIONS} connections × ${BREAKDOWN_SECONDS} s`,
  );
  console.log('| gateway | requests/s | p99 ms | sequential p50 µs | server CPU µs/request | CPU over guards off |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const { name, load, latency, cpuUsPerRequest: cpu } of breakdown) {
    const over = cpu === undefined || off?.cpuUsPerRequest === undefined ? 'n/a' : signed(cpu - off.cpuUsPerRequest, 1);
    const shown = cpu === undefined ? 'n/a' : cpu.toFixed(1);
    console.log(
      `| ${name} | ${Math.round(load.requestsPerSecond)} | ${load.p99} | ${Math.round(latency.p50Us)} | ${shown} | ${over} |`,
    );
  }
  console.log('\nthe engines alone, in process (mean of 20,000 calls after 2,000 warm-up):');
  console.log('| step | µs per call |');
  console.log('|---|---:|');
  for (const { step, microsPerCall } of engines) console.log(`| ${step} | ${microsPerCall.toFixed(1)} |`);
}

function signed(value: number, digits: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
}
