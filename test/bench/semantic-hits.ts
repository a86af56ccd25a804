/**
 * Row (f) of `npm run bench -- gateway`: semantic hits. A gateway process with the exact cache off and
 * the semantic cache on (local embedder, in-process HNSW store filled beforehand with
 * `BENCH_SEMANTIC_ENTRIES` entries, 100,000 by default), loaded with paraphrases of stored questions,
 * so every request is embedded, searched, verified and answered from the store.
 */
import { rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { ChatRequest } from '@sluice/core';
import { SemanticCachePlugin, SemanticCacheOptionsSchema, storeLocation } from '@sluice/plugin-semantic-cache';
import { enabledInConfig, optionsFromConfig } from '@sluice/config';
import { loadGatewayConfig, RELEASE_VERSION } from '@sluice/preset-gateway';
import type { LatencyResult } from './latency.js';
import type { LoadResult } from './load.js';
import { startGatewayProcess, startProcess, type BenchProcess } from './processes.js';
import { buildSemanticStore, type BuiltStore } from './semantic/build-store.js';
import { measureCycling, sequentialCyclingLatency } from './semantic/cycling-load.js';
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
const TARGET_P99_MS = 15;
const SEED = 0x5e3a;
const MODEL = 'bench-model';

export interface SemanticHitsResult {
  readonly row: { readonly load: LoadResult; readonly latency: LatencyResult; readonly cpuUsPerRequest: number | undefined };
  /** The build, the hit ratio, the upstream calls and the target, for after the table. */
  printNotes(): void;
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
    const cpuUsPerRequest =
      cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / Math.max(1, load.requests);
    const hits = after.gw_cache_semantic_hits - before.gw_cache_semantic_hits;
    const requests = after.gw_requests_total - before.gw_requests_total;
    return {
      row: { load, latency, cpuUsPerRequest },
      printNotes: () => printNotes({ built, load, hits, requests, calls }),
    };
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    await cleanup();
  }
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

function printNotes(run: { built: BuiltStore; load: LoadResult; hits: number; requests: number; calls: number }): void {
  const { built, load, hits, requests, calls } = run;
  console.log(
    `\n(f) store: ${built.entries} entries built in ${built.buildSeconds.toFixed(1)} s (embedding ${built.embedSeconds.toFixed(1)} s), read back in ${built.readBackSeconds.toFixed(1)} s`,
  );
  const ratio = requests === 0 ? Number.NaN : hits / requests;
  console.log(
    `(f) load: ${LOAD_QUESTIONS} paraphrases of stored questions, cycled; hit ratio during the load ${(ratio * 100).toFixed(2)}% (gw_cache_semantic_hits +${hits}, gw_requests_total +${requests}); upstream calls in all: ${calls}`,
  );
  const rate = Math.round(load.requestsPerSecond);
  console.log(
    `(f) p99 ${load.p99} ms at ${rate} requests/s (target < ${TARGET_P99_MS} ms): ${load.p99 < TARGET_P99_MS ? 'MET' : 'NOT MET'}`,
  );
}

function once(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= work());
}
