/**
 * `npm run bench -- peers`: sluice and the Portkey open-source gateway side by side, in front of one fake
 * upstream process, under the same load with the same requests: non-streaming and streaming pass-through,
 * and sluice's exact hits. The gateways take turns in every round, so background load on a shared machine
 * falls on both alike; each row reports the median of its rounds.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure } from './load.js';
import { checkExactHits, checkPassThrough } from './peers/check-answers.js';
import { ensurePortkey, portkeyConfigHeader, PORTKEY_VERSION, startPortkey } from './peers/portkey.js';
import { hardwareLine, loadLine, printPeerReport, type PeerRow, type PeerRun } from './peers/report.js';
import { startCannedServer, startGatewayProcess, type BenchProcess } from './processes.js';
import { upstreamCalls } from './semantic/gateway-metrics.js';
import { streamingGatewayConfig } from './streaming-rows.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
// The request of the gateway benchmark's rows, so the tables compare.
const BODY = JSON.stringify({ model: 'bench-model', messages: [{ role: 'user', content: 'What is a sluice?' }] });
const STREAM_BODY = JSON.stringify({
  model: 'bench-model',
  messages: [{ role: 'user', content: 'What is a sluice?' }],
  stream: true,
});
const PLAIN = 'non-streaming pass-through';
const STREAMED = 'streaming pass-through';
const HIT = 'exact hit, in-memory cache';

interface Turn {
  readonly row: string;
  readonly gateway: 'sluice' | 'Portkey';
  readonly server: BenchProcess;
  readonly url: string;
  readonly body: string;
  readonly headers: Record<string, string>;
}

export async function benchPeers(): Promise<void> {
  const startScript = await ensurePortkey();
  const dir = await mkdtemp(join(tmpdir(), 'sluice-bench-peers-'));
  const started: BenchProcess[] = [];
  const track = async (p: Promise<BenchProcess>) => {
    const proc = await p;
    started.push(proc);
    return proc;
  };
  try {
    const upstream = await track(startCannedServer());
    const configFile = join(dir, 'gateway.conf');
    await writeFile(configFile, streamingGatewayConfig(upstream.url));
    const sluice = await track(startGatewayProcess(configFile));
    const portkey = await track(startPortkey(startScript));
    // Both gateways get the very same request: each reads its own header and ignores the other's.
    const routed = { 'x-portkey-config': portkeyConfigHeader(upstream.url) };
    const passThrough = { ...routed, 'x-sluice-cache-bypass': '1' };
    const sluiceUrl = `${sluice.url}/v1/chat/completions`;
    const portkeyUrl = `${portkey.url}/v1/chat/completions`;

    await checkPassThrough(
      { name: 'sluice', url: sluiceUrl, headers: passThrough, expectHeaders: { 'x-sluice-cache': 'bypass' } },
      upstream.url,
      BODY,
      STREAM_BODY,
    );
    const noCacheNoRetry = { 'x-portkey-cache-status': 'DISABLED', 'x-portkey-retry-attempt-count': '0' };
    await checkPassThrough(
      { name: 'Portkey', url: portkeyUrl, headers: passThrough, expectHeaders: noCacheNoRetry },
      upstream.url,
      BODY,
      STREAM_BODY,
    );
    await checkExactHits('sluice', sluiceUrl, routed, upstream.url, BODY);
    console.error('checked: both gateways answer the canned completion, streamed as its events, through the upstream');

    const turns: Turn[] = [
      { row: PLAIN, gateway: 'sluice', server: sluice, url: sluiceUrl, body: BODY, headers: passThrough },
      { row: PLAIN, gateway: 'Portkey', server: portkey, url: portkeyUrl, body: BODY, headers: passThrough },
      { row: STREAMED, gateway: 'sluice', server: sluice, url: sluiceUrl, body: STREAM_BODY, headers: passThrough },
      { row: STREAMED, gateway: 'Portkey', server: portkey, url: portkeyUrl, body: STREAM_BODY, headers: passThrough },
      { row: HIT, gateway: 'sluice', server: sluice, url: sluiceUrl, body: BODY, headers: routed },
    ];
    const loadAtStart = loadLine();
    for (const turn of turns) await measure('warm-up', { ...turn, seconds: WARMUP_SECONDS, connections: CONNECTIONS });
    const runs = new Map<Turn, PeerRun[]>(turns.map((turn) => [turn, []]));
    const callsPerAnswer = new Map<Turn, number[]>(turns.map((turn) => [turn, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const turn of turns) {
        const callsBefore = await upstreamCalls(upstream.url);
        const cpuBefore = turn.server.cpuMicros();
        const load = await measure(`${turn.row} (${turn.gateway})`, { ...turn, seconds: SECONDS, connections: CONNECTIONS });
        const cpuAfter = turn.server.cpuMicros();
        const calls = (await upstreamCalls(upstream.url)) - callsBefore;
        const cpuUsPerRequest =
          cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / Math.max(1, load.requests);
        runs.get(turn)!.push({ load, cpuUsPerRequest });
        callsPerAnswer.get(turn)!.push(calls / Math.max(1, load.requests));
        console.error(`round ${round}: ${load.name}: ${Math.round(load.requestsPerSecond)} requests/s`);
      }
    }

    const rows: PeerRow[] = [PLAIN, STREAMED, HIT].map((label) => ({
      label,
      sluice: turns.filter((t) => t.row === label && t.gateway === 'sluice').flatMap((t) => runs.get(t)!),
      portkey: turns.filter((t) => t.row === label && t.gateway === 'Portkey').flatMap((t) => runs.get(t)!),
    }));
    console.log(`\n${hardwareLine()}; load average ${loadAtStart} before the rounds, ${loadLine()} after`);
    console.log(
      `Portkey gateway ${PORTKEY_VERSION}; load: ${CONNECTIONS} connections × ${SECONDS} s per run (autocannon), ` +
        `${ROUNDS} rounds taking turns after ${WARMUP_SECONDS} s of warm-up each; medians of the rounds\n`,
    );
    printPeerReport(rows, [PLAIN, STREAMED], PLAIN);
    console.log(
      '\nupstream calls per answer during the loads (1 for a pass-through, 0 for a hit; the last requests of a run are cut off):',
    );
    for (const [turn, ratios] of callsPerAnswer) {
      console.log(`- ${turn.row}, ${turn.gateway}: ${ratios.map((r) => r.toFixed(3)).join(', ')}`);
    }
  } finally {
    await Promise.all(started.map((p) => p.stop()));
    await rm(dir, { recursive: true, force: true });
  }
}
