/**
 * Row (f) of `npm run bench -- gateway`: semantic hits. A gateway process with the exact cache off and
 * the semantic cache on (local embedder, in-process HNSW store filled beforehand with
 * `BENCH_SEMANTIC_ENTRIES` entries, 100,000 by default), loaded with paraphrases of stored questions,
 * so every request is embedded, searched, verified and answered from the store. Measured at saturation,
 * then at a fixed offered rate of half the saturation rate, where the p99 target applies; its CPU per hit
 * is set against an exact hit's, row (c), when that row ran too.
 */
import { rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { ChatRequest } from '@sluice/core';
import { SemanticCachePlugin, SemanticCacheOptionsSchema, storeLocation } from '@sluice/plugin-semantic-cache';
import { enabledInConfig, optionsFromConfig } from '@sluice/config';
import { loadGatewayConfig, RELEASE_VERSION } from '@sluice/preset-gateway';
import { measureApart, type FixedRateResult } from './fixed-rate.js';
import type { LatencyResult } from './latency.js';
import type { LoadResult } from './load.js';
import { startGatewayProcess, startProcess, type BenchProcess } from './processes.js';
import { buildSemanticStore, type BuiltStore } from './semantic/build-store.js';
import { measureCycling, sequentialCyclingLatency } from './semantic/cycling-load.js';
import { describeGcPauses, gcPauses } from './semantic/gc-pauses.js';
import { metricTotals, upstreamCalls } from './semantic/gateway-metrics.js';
import { distinctQuestions, paraphrase, SeededRandom } from './semantic/questions.js';
import { CANNED_COMPLETION } from './servers/canned-completion.js';

// The same settings as the other rows (gateway.ts), so the row compares with them.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const LATENCY_REQUESTS = Number(process.env.BENCH_LATENCY_REQUESTS ?? 3000);
/** Entries in the store; `BENCH_SEMANTIC_ENTRIES=5000` for a quick run. */
const ENTRIES = Number(process.env.BENCH_SEMANTIC_ENTRIES ?? 100_000);
/** The local embedder's length; the gateway's default when unset (`BENCH_SEMANTIC_DIMS=512`: earlier releases'). */
const DIMS = process.env.BENCH_SEMANTIC_DIMS ? Number(process.env.BENCH_SEMANTIC_DIMS) : undefined;
/** Stored questions the load asks again, cycled through: more than the gateway's 1,024-body parse memo. */
const LOAD_QUESTIONS = Math.min(ENTRIES, 4096);
/** Load questions checked one by one before the run: each must be a hit with its own question's answer. */
const SAMPLE = 200;
/** At the fixed offered rate, not at saturation, where 32 connections' queueing sets the latency. */
const TARGET_P99_MS = 15;
/** The fixed offered rate, as a share of the requests/s measured at saturation. */
const FIXED_RATE_SHARE = 0.5;
/** A semantic hit's CPU at most this many times an exact hit's (row c). */
const TARGET_CPU_RATIO = 2.5;
/** Seconds at the fixed rate before it is measured, so its p99 does not time the saturation run's garbage. */
const FIXED_RATE_WARMUP_SECONDS = 2;
const SEED = 0x5e3a;
const MODEL = 'bench-model';

export interface SemanticHitsResult {
  readonly row: { readonly load: LoadResult; readonly latency: LatencyResult; readonly cpuUsPerRequest: number | undefined };
  /** The build, the hit ratio, the upstream calls, the fixed-rate run and the targets, for after the table. */
  printNotes(rows: readonly TableRow[]): void;
}

/** What the notes read of the table's other rows: row (c)'s CPU per exact hit. */
interface TableRow {
  readonly load: { readonly name: string };
  readonly cpuUsPerRequest: number | undefined;
}

interface FixedRateRun extends FixedRateResult {
  readonly cpuUsPerRequest: number | undefined;
  /** The gateway's collector pauses during the run, warm-up included (gc-pauses.ts). */
  readonly gc: string;
}

export async function benchSemanticHits(): Promise<SemanticHitsResult> {
  const dir = await mkdtemp(join(tmpdir(), 'sluice-bench-semantic-'));
  const started: BenchProcess[] = [];
  const cleanup = once(async () => {
    await Promise.all(started.map((p) => p.stop()));
    await rm(dir, { recursive: true, force: true });
  });
  // An interrupted build or run still stops its processes and removes the store (hundreds of MB). Bounded:
  // a child the signal already ended (Ctrl-C reaches the whole process group) may never report its exit.
  const onSignal = () =>
    void Promise.race([cleanup(), delay(5000)]).finally(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(130);
    });
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    const upstream = await startProcess(
      ['--import', 'tsx', new URL('./semantic/counting-upstream.ts', import.meta.url).pathname],
      /listening (\d+)/,
      (m) => `http://127.0.0.1:${m[1]}`,
    );
    started.push(upstream);
    const configFile = join(dir, 'semantic.conf');
    await writeFile(configFile, gatewayConfig(upstream.url, join(dir, 'semantic-cache')));
    // The store goes exactly where this config's gateway will look for it, with its embedder's length.
    const config = await loadGatewayConfig(configFile);
    if (!enabledInConfig(SemanticCacheOptionsSchema, config)) throw new Error(`${configFile} does not enable the semantic cache`);
    const input = optionsFromConfig(SemanticCacheOptionsSchema, config);
    const options = new SemanticCachePlugin(input).options;
    const questions = distinctQuestions(ENTRIES, SEED);
    const built = await buildSemanticStore({
      location: storeLocation(options.store, 'enforce'),
      dims: options.embedding.localDims,
      questions,
      request: chatRequest,
      answer: answerFor,
      serverVersion: RELEASE_VERSION,
    });
    if (built.entries !== built.stored.size) {
      throw new Error(`the semantic store holds ${built.entries} entries, ${built.stored.size} were written`);
    }
    console.error(
      `semantic store: ${built.entries} entries in ${built.buildSeconds.toFixed(1)} s (${ENTRIES - built.stored.size} questions shared an entry id and were left out)`,
    );

    const gatewayStarted = performance.now();
    const gateway = await startGatewayProcess(configFile);
    started.push(gateway);
    console.error(
      `semantic gateway: restored the store and listening in ${((performance.now() - gatewayStarted) / 1000).toFixed(1)} s`,
    );
    const url = `${gateway.url}/v1/chat/completions`;
    const asked = pickDistinct(LOAD_QUESTIONS, ENTRIES, new SeededRandom(SEED + 1)).filter((index) => built.stored.has(index));
    const bodies = asked.map((index, i) => JSON.stringify(chatRequest(paraphrase(questions[index]!, i))));
    await checkSample(url, asked.slice(0, SAMPLE), bodies);

    const latency = await sequentialCyclingLatency(url, bodies, { requests: LATENCY_REQUESTS, warmup: 300 });
    const names = ['gw_cache_semantic_hits', 'gw_requests_total'] as const;
    const before = await metricTotals(gateway.url, names);
    const cpuBefore = gateway.cpuMicros();
    const name = `(f) semantic hits, local embedder (${options.embedding.localDims} dims), HNSW of ${ENTRIES} entries`;
    const load = await measureCycling(name, { url, bodies, seconds: SECONDS, connections: CONNECTIONS });
    const cpuAfter = gateway.cpuMicros();
    const after = await metricTotals(gateway.url, names);
    const calls = await upstreamCalls(upstream.url);
    console.error(`done: ${name}`);
    const fixed = await measureFixedRate(gateway, url, bodies, load.requestsPerSecond * FIXED_RATE_SHARE);
    console.error(`done: (f) at a fixed ${Math.round(fixed.offeredPerSecond)} requests/s`);
    const cpuUsPerRequest =
      cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / Math.max(1, load.requests);
    const hits = after.gw_cache_semantic_hits - before.gw_cache_semantic_hits;
    const requests = after.gw_requests_total - before.gw_requests_total;
    return {
      row: { load, latency, cpuUsPerRequest },
      printNotes: (rows) => printNotes({ built, load, hits, requests, calls, fixed, cpuUsPerRequest, rows }),
    };
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    await cleanup();
  }
}

/** The same cycle of paraphrases at a fixed offered rate, with the gateway's CPU per answered request. */
async function measureFixedRate(
  gateway: BenchProcess,
  url: string,
  bodies: readonly string[],
  rate: number,
): Promise<FixedRateRun> {
  const warmupSeconds = FIXED_RATE_WARMUP_SECONDS;
  // The gateway's CPU is read over the whole schedule, warm-up included, and divided by the requests of both.
  const gcBefore = await gcPauses(gateway.url);
  const cpuBefore = gateway.cpuMicros();
  const result = await measureApart({ url, bodies, rate, seconds: SECONDS, connections: CONNECTIONS, warmupSeconds });
  const cpuAfter = gateway.cpuMicros();
  const gc = describeGcPauses(gcBefore, await gcPauses(gateway.url));
  const cpuUsPerRequest =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : (cpuAfter - cpuBefore) / Math.max(1, result.requests + Math.round(rate * warmupSeconds));
  return { ...result, cpuUsPerRequest, gc };
}

function gatewayConfig(upstreamUrl: string, dataDir: string): string {
  // Exact cache off: every request goes through the semantic layer. Autosave off: no save during the run.
  return `listen_addr 127.0.0.1:0;
log_level warn;
upstream_base_url ${upstreamUrl}/v1;
upstream_api_key dummy;
model_price ${MODEL} 1.0 2.0;
exact_cache_enabled off;
semantic_cache_enabled on;
embedding_provider local;
semantic_cache_data_dir "${dataDir}";
semantic_cache_autosave_seconds 0;
${DIMS === undefined ? '' : `embedding_local_dims ${DIMS};\n`}`;
}

function chatRequest(question: string): ChatRequest {
  return { model: MODEL, messages: [{ role: 'user', content: question }] };
}

/** The canned completion with the entry's number as its id, so a hit shows which entry answered. */
function answerFor(index: number): string {
  return JSON.stringify({ ...(JSON.parse(CANNED_COMPLETION) as object), id: answerId(index) });
}

function answerId(index: number): string {
  return `chatcmpl-bench-${String(index).padStart(6, '0')}`;
}

/** `count` distinct indices below `below`, in random order. */
function pickDistinct(count: number, below: number, random: SeededRandom): number[] {
  const picked = new Set<number>();
  while (picked.size < count) picked.add(Math.floor(random.next() * below));
  return [...picked];
}

/** Each sampled paraphrase must be a semantic hit answered by its own question's entry, or the row measures something else. */
async function checkSample(url: string, asked: readonly number[], bodies: readonly string[]): Promise<void> {
  for (const [i, index] of asked.entries()) {
    const response = await fetch(url, { method: 'POST', body: bodies[i]!, headers: { 'content-type': 'application/json' } });
    const body = (await response.json()) as { id?: string };
    const cache = response.headers.get('x-sluice-cache');
    if (response.status !== 200 || cache !== 'hit-semantic' || body.id !== answerId(index)) {
      throw new Error(
        `sample ${i}: ${bodies[i]} → ${response.status}, x-sluice-cache ${cache}, id ${body.id} (expected ${answerId(index)})`,
      );
    }
  }
  console.error(`semantic sample: ${asked.length} of ${asked.length} paraphrases hit their own entry`);
}

function printNotes(run: {
  built: BuiltStore;
  load: LoadResult;
  hits: number;
  requests: number;
  calls: number;
  fixed: FixedRateRun;
  cpuUsPerRequest: number | undefined;
  rows: readonly TableRow[];
}): void {
  const { built, load, hits, requests, calls, fixed, cpuUsPerRequest, rows } = run;
  console.log(
    `\n(f) store: ${built.entries} entries built in ${built.buildSeconds.toFixed(1)} s (embedding ${built.embedSeconds.toFixed(1)} s), read back in ${built.readBackSeconds.toFixed(1)} s`,
  );
  const ratio = requests === 0 ? Number.NaN : hits / requests;
  console.log(
    `(f) load: ${LOAD_QUESTIONS} paraphrases of stored questions, cycled; hit ratio during the load ${(ratio * 100).toFixed(2)}% (gw_cache_semantic_hits +${hits}, gw_requests_total +${requests}); upstream calls in all: ${calls}`,
  );
  const exact = rows.find((r) => r.load.name.startsWith('(c)'))?.cpuUsPerRequest;
  const cpuRatio = cpuUsPerRequest === undefined || exact === undefined ? undefined : cpuUsPerRequest / exact;
  const fixedCpu = fixed.cpuUsPerRequest === undefined ? 'n/a' : fixed.cpuUsPerRequest.toFixed(1);
  console.log(
    `\n(f) at saturation (${CONNECTIONS} connections) and at a fixed offered rate of ${FIXED_RATE_SHARE * 100}% of it (open loop, ${SECONDS} s after ${FIXED_RATE_WARMUP_SECONDS} s not counted, latency in ms from each request's start):\n`,
  );
  console.log(
    '| (f) load | offered requests/s | answered requests/s | p50 ms | p99 ms | max ms | server CPU µs/hit | (c) CPU µs/exact hit | semantic / exact | errors |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const exactCpu = exact === undefined ? 'n/a' : exact.toFixed(1);
  console.log(
    `| saturation | | ${Math.round(load.requestsPerSecond)} | ${load.p50} | ${load.p99} | | ${cpuUsPerRequest === undefined ? 'n/a' : cpuUsPerRequest.toFixed(1)} | ${exactCpu} | ${cpuRatio === undefined ? 'n/a' : `${cpuRatio.toFixed(2)}×`} | ${load.errors + load.non2xx} |`,
  );
  console.log(
    `| fixed rate | ${Math.round(fixed.offeredPerSecond)} | ${Math.round(fixed.answeredPerSecond)} | ${fixed.p50.toFixed(2)} | ${fixed.p99.toFixed(2)} | ${fixed.max.toFixed(2)} | ${fixedCpu} | | | ${fixed.errors} |`,
  );
  // Both share the machine with the gateway: a late client or a busy machine moves this row's p99 more than any other's.
  console.log(
    `\n(f) the load client started its requests at most ${fixed.maxLagMs.toFixed(1)} ms behind schedule; load average after the run ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log(`(f) the gateway's collector during the fixed-rate run: ${fixed.gc}`);
  console.log(
    `(f) p99 ${fixed.p99.toFixed(2)} ms at a fixed ${Math.round(fixed.offeredPerSecond)} requests/s (target < ${TARGET_P99_MS} ms): ${verdict(fixed.p99 < TARGET_P99_MS && fixed.errors === 0)}`,
  );
  console.log(
    cpuRatio === undefined
      ? `(f) CPU of a semantic hit against an exact hit (target ≤ ${TARGET_CPU_RATIO}×): not measured (run row c with it: BENCH_PATHS=c,f)`
      : `(f) a semantic hit costs ${cpuRatio.toFixed(2)}× the CPU of an exact hit (${cpuUsPerRequest!.toFixed(1)} against ${exact!.toFixed(1)} µs; target ≤ ${TARGET_CPU_RATIO}×): ${verdict(cpuRatio <= TARGET_CPU_RATIO)}`,
  );
}

function verdict(met: boolean): string {
  return met ? 'target met' : 'target not met';
}

function once(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= work());
}
