/**
 * `npm run bench -- gateway`: the fake upstream direct, pass-through via the gateway, exact hits from
 * memory and from Redis, and a bare node:http server with the same JSON, all in one run.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyHash } from '@sluice/caller';
import { useRedis } from '../fixtures/redis.js';
import { benchGuardRows } from './guards-rows.js';
import { sequentialLatency, type LatencyResult } from './latency.js';
import { measure, type LoadResult } from './load.js';
import { startCannedServer, startGatewayProcess, type BenchProcess } from './processes.js';
import { benchSemanticHits } from './semantic-hits.js';
import { benchStreamingRows } from './streaming-rows.js';
import { benchFirstTokenRows, printFirstTokenRows } from './first-token-rows.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const LATENCY_REQUESTS = Number(process.env.BENCH_LATENCY_REQUESTS ?? 3000);
const BODY = JSON.stringify({ model: 'bench-model', messages: [{ role: 'user', content: 'What is a sluice?' }] });
/** Row (m): one text to embed. (The Responses API has its own suite: `npm run bench -- responses`.) */
const EMBEDDINGS_BODY = JSON.stringify({ model: 'bench-embedding-model', input: 'What is a sluice?' });
const CHAT_PATH = '/v1/chat/completions';
const BYPASS = { 'x-sluice-cache-bypass': '1' };
/** `BENCH_PATHS=c,e` measures only those paths (quicker while comparing a change); default all. */
const PATHS = new Set((process.env.BENCH_PATHS ?? 'a,b,c,d,e,f,g,h,i,j,k,l,m').split(',').map((p) => p.trim()));
/** Rows (j) and (k): a client key on every request, with every kind of limit on it and its tenant, none reached. */
const CLIENT_KEY = 'sk-sluice-bench-0000000000000000000000000000';
const KEYED = { authorization: `Bearer ${CLIENT_KEY}` };
const KEY_LINES = `client_auth required;
client_key bench ${keyHash(CLIENT_KEY)} { tenant bench; requests_per_minute 1000000000; tokens_per_minute 1000000000; concurrent_requests 100000; budget 1000000000000 month; }
tenant_limits bench { requests_per_minute 1000000000; concurrent_requests 100000; budget 1000000000000 month; }`;

interface Row {
  readonly load: LoadResult;
  readonly latency: LatencyResult;
  /** CPU of the process serving the path, per request of the load run (µs); undefined without /proc. */
  readonly cpuUsPerRequest: number | undefined;
}

export async function benchGateway(): Promise<void> {
  const started: BenchProcess[] = [];
  const track = async (p: Promise<BenchProcess>) => {
    const proc = await p;
    started.push(proc);
    return proc;
  };
  const redis = await useRedis();
  try {
    const upstream = await track(startCannedServer());
    const bare = await track(startCannedServer());
    const dir = await mkdtemp(join(tmpdir(), 'sluice-bench-'));
    const memoryConf = join(dir, 'memory.conf');
    await writeFile(memoryConf, gatewayConfig(upstream.url, ''));
    // One gateway process per path, so no path inherits another's heap or connection state.
    const passThrough = await track(startGatewayProcess(memoryConf));
    const memory = await track(startGatewayProcess(memoryConf));

    const rows: Row[] = [];
    const run = async (
      name: string,
      server: BenchProcess,
      headers: Record<string, string> = {},
      path = CHAT_PATH,
      body = BODY,
    ) => {
      if (!PATHS.has(name.slice(1, 2))) return;
      const url = `${server.url}${path}`;
      await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
      const latency = await sequentialLatency(url, body, headers, { requests: LATENCY_REQUESTS, warmup: 300 });
      const cpuBefore = server.cpuMicros();
      const load = await measure(name, { url, body, headers, seconds: SECONDS, connections: CONNECTIONS });
      const cpuAfter = server.cpuMicros();
      const cpuUsPerRequest =
        cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / Math.max(1, load.requests);
      rows.push({ load, latency, cpuUsPerRequest });
      console.error(`done: ${name}`);
    };

    await run('(a) fake upstream, direct', upstream);
    await run('(b) pass-through via gateway (cache bypassed)', passThrough, BYPASS);
    await run('(c) exact hit, in-memory cache', memory);
    if (redis !== undefined) {
      const redisConf = join(dir, 'redis.conf');
      await writeFile(redisConf, gatewayConfig(upstream.url, `kv_url ${redis.url};\nkv_key_prefix "${redis.prefix}";`));
      const viaRedis = await track(startGatewayProcess(redisConf));
      await run('(d) exact hit, Redis cache', viaRedis);
    } else {
      console.error('SKIPPED: (d) exact hit, Redis cache: no Redis answers and redis-server is not installed');
    }
    await run('(e) bare node:http, same JSON', bare);
    // (m): the pass-through cost of embeddings, against the provider answering them directly.
    if (PATHS.has('m')) {
      await run('(m0) fake upstream direct, POST /v1/embeddings', upstream, {}, '/v1/embeddings', EMBEDDINGS_BODY);
      await run(
        '(m) embeddings pass-through via gateway (cache bypassed)',
        passThrough,
        BYPASS,
        '/v1/embeddings',
        EMBEDDINGS_BODY,
      );
    }
    if (PATHS.has('j')) {
      const keyedConf = join(dir, 'keyed.conf');
      await writeFile(keyedConf, gatewayConfig(upstream.url, KEY_LINES));
      await run('(j) exact hit, in-memory cache, client key and limits', await track(startGatewayProcess(keyedConf)), KEYED);
    }
    if (redis !== undefined && PATHS.has('k')) {
      const keyedRedisConf = join(dir, 'keyed-redis.conf');
      const lines = `kv_url ${redis.url};\nkv_key_prefix "${redis.prefix}";\nlimits_key_prefix "${redis.prefix}limits:";\n${KEY_LINES}`;
      await writeFile(keyedRedisConf, gatewayConfig(upstream.url, lines));
      await run(
        '(k) exact hit, Redis cache, client key and limits counted in Redis',
        await track(startGatewayProcess(keyedRedisConf)),
        KEYED,
      );
    }
    // (f) semantic hits: its store, gateway and load live in semantic-hits.ts; its row joins this table.
    const semantic = PATHS.has('f') ? await benchSemanticHits() : undefined;
    if (semantic !== undefined) rows.push(semantic.row);
    // (g), (h) stream: true, pass-through and exact hits: their gateways and checks live in streaming-rows.ts.
    const streaming = await benchStreamingRows(PATHS);
    rows.push(...streaming.rows);
    // (i) the three guards on, pass-through: its gateways, checks and breakdown live in guards-rows.ts.
    const guards = await benchGuardRows(PATHS);
    rows.push(...guards.rows);
    // (l) time to first token, controlled against incremental streaming: its own table (first-token-rows.ts).
    const firstToken = await benchFirstTokenRows(PATHS);
    report(rows);
    printFirstTokenRows(firstToken);
    semantic?.printNotes(rows);
    streaming.printNotes(rows);
    guards.printNotes(rows);
  } finally {
    await Promise.all(started.map((p) => p.stop()));
    await redis?.cleanup();
    await redis?.stop();
  }
}

function gatewayConfig(upstreamUrl: string, extra: string): string {
  return `listen_addr 127.0.0.1:0;
log_level warn;
upstream_base_url ${upstreamUrl}/v1;
upstream_api_key dummy;
model_price bench-model 1.0 2.0;
model_price bench-embedding-model 0.02 0;
${extra}
`;
}

function report(rows: Row[]): void {
  const byName = (prefix: string) => rows.find((r) => r.load.name.startsWith(prefix));
  console.log(`\nhardware: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
  console.log(
    `load: ${CONNECTIONS} connections × ${SECONDS} s each (autocannon); latency: ${LATENCY_REQUESTS} sequential requests on one connection\n`,
  );
  console.log('| path | requests/s | p50 ms | p99 ms | sequential p50 µs | sequential p99 µs | server CPU µs/request | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { load, latency, cpuUsPerRequest } of rows) {
    const cpu = cpuUsPerRequest === undefined ? 'n/a' : cpuUsPerRequest.toFixed(1);
    console.log(
      `| ${load.name} | ${Math.round(load.requestsPerSecond)} | ${load.p50} | ${load.p99} | ${Math.round(latency.p50Us)} | ${Math.round(latency.p99Us)} | ${cpu} | ${load.errors + load.non2xx} |`,
    );
  }
  const a = byName('(a)');
  const b = byName('(b)');
  const c = byName('(c)');
  const e = byName('(e)');
  const d = byName('(d)');
  const j = byName('(j)');
  const k = byName('(k)');
  if (a && b) {
    const added = (b.latency.p50Us - a.latency.p50Us) / 1000;
    console.log(
      `\npass-through adds ${added.toFixed(3)} ms at p50 over the upstream direct (target < 1 ms): ${added < 1 ? 'MET' : 'NOT MET'}`,
    );
  }
  for (const [keyed, plain] of [
    [j, c],
    [k, d],
  ] as const) {
    if (keyed?.cpuUsPerRequest === undefined || plain?.cpuUsPerRequest === undefined) continue;
    const added = keyed.cpuUsPerRequest - plain.cpuUsPerRequest;
    const p50 = keyed.latency.p50Us - plain.latency.p50Us;
    console.log(
      `${keyed.load.name.slice(0, 3)} against ${plain.load.name.slice(0, 3)}: a client key and its limits add ${added.toFixed(1)} µs of server CPU and ${p50.toFixed(0)} µs at sequential p50 per exact hit`,
    );
  }
  if (c && e) {
    const ratio = c.load.requestsPerSecond / e.load.requestsPerSecond;
    console.log(
      `exact hits sustain ${(ratio * 100).toFixed(1)}% of the bare server's requests/s (target ≥ 60%): ${ratio >= 0.6 ? 'MET' : 'NOT MET'}`,
    );
  }
}
