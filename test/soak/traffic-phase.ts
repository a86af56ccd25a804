/**
 * Phase A of `npm run soak`: a gateway with every feature on, as a process, under steady mixed traffic;
 * sampled every few seconds; afterwards the audit module's chain is verified against what was delivered
 * and memory is judged by its trend after the warm-up.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { verifyAuditChain } from '@sluice/audit';
import { metricTotals } from '../bench/semantic/gateway-metrics.js';
import { startFakeUpstream } from '../fixtures/fake-upstream.js';
import { useRedis } from '../fixtures/redis.js';
import { startAuditProcess } from '../apps/audit/audit-process.js';
import { API_KEY } from '../apps/audit/audit-under-test.js';
import { within } from '../apps/vector-cache/within.js';
import type { Cleanups } from './cleanups.js';
import { startGatewayProcess } from './gateway-process.js';
import { GaugePoller } from './gauge-poller.js';
import { labelledMetric } from './labelled-metric.js';
import { MAX_WAITING, PacedClient } from './paced-client.js';
import { preflight } from './preflight.js';
import { SOAK_MODEL, soakConfig } from './soak-config.js';
import { Timeline, type Interval } from './timeline.js';
import { SHARES, TrafficMix } from './traffic-mix.js';
import { judgeTraffic, type TrafficReport } from './traffic-report.js';

export interface TrafficOptions {
  readonly seconds: number;
  readonly perSecond: number;
  readonly sampleSeconds: number;
  readonly warmupSeconds: number;
  readonly seed: number;
  readonly cleanups: Cleanups;
  readonly stopped: () => boolean;
  readonly onInterval: (interval: Interval) => void;
}

/** Both caches' TTL; fresh questions come round again only after 1.5 × this, so they always miss. */
export const CACHE_TTL_SECONDS = 60;
const GATEWAY_METRICS = [
  'gw_requests_total',
  'gw_cache_exact_hits',
  'gw_cache_semantic_hits',
  'gw_cache_misses',
  'gw_cache_errors_total',
  'gw_errors_total',
  'gw_guard_requests_total',
  'gw_audit_events_delivered_total',
  'gw_audit_events_dropped_total',
  'gw_audit_retries_total',
  'gw_audit_queue_depth',
] as const;

export async function trafficPhase(options: TrafficOptions): Promise<TrafficReport> {
  const { cleanups } = options;
  const redis = await useRedis();
  if (redis === undefined)
    throw new Error('the soak needs Redis: none answers on 127.0.0.1:6379 and redis-server is not installed');
  cleanups.add('Redis keys', async () => {
    await redis.cleanup();
    await redis.stop();
  });
  const upstream = await startFakeUpstream({ models: [SOAK_MODEL] });
  cleanups.add('fake upstream', () => upstream.close());
  const dir = await mkdtemp(join(tmpdir(), 'sluice-soak-'));
  cleanups.add('temp dir', () => rm(dir, { recursive: true, force: true }));
  const auditDir = join(dir, 'audit');
  await mkdir(auditDir);
  const audit = await startAuditProcess(auditDir);
  const stopAudit = cleanups.add('audit module', () => audit.child.kill());

  const configFile = join(dir, 'gateway.conf');
  await writeFile(
    configFile,
    soakConfig({
      upstreamBaseUrl: upstream.baseUrl,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      semanticDir: join(dir, 'semantic-cache'),
      auditUrl: audit.url,
      auditApiKey: API_KEY,
      cacheTtlSeconds: CACHE_TTL_SECONDS,
    }),
  );
  // Samples close intervals only while the load runs; those before and after it are dropped.
  const load: { timeline?: Timeline; client?: PacedClient; queue?: GaugePoller } = {};
  const gateway = await startGatewayProcess(configFile, options.sampleSeconds * 1000, (sample) => {
    if (load.timeline === undefined || load.client === undefined || load.queue === undefined) return;
    upstream.calls.length = 0; // the fake keeps every call; the soak needs none of them
    options.onInterval(load.timeline.close(sample, load.client.shed, load.queue.takeHighest()));
  });
  const stopGateway = cleanups.add('gateway', () => gateway.stop(30_000));

  const checked = await preflight(gateway.url, upstream);
  const freshPool = Math.ceil(options.perSecond * SHARES.fresh * CACHE_TTL_SECONDS * 1.5) + 10;
  const mix = new TrafficMix(options.seed, freshPool);
  const timeline = new Timeline(Date.now());
  const client = new PacedClient(gateway.url, mix, options.perSecond, MAX_WAITING, (outcome) => timeline.record(outcome));
  const queue = new GaugePoller(gateway.url, 'gw_audit_queue_depth');
  queue.start();
  Object.assign(load, { timeline, client, queue });
  await client.run(options.seconds * 1000, options.stopped);
  delete load.timeline;
  queue.stop();
  await client.close();

  // Every event delivered before the stop, so the chain can be held against the delivered count.
  let totals = await metricTotals(gateway.url, GATEWAY_METRICS);
  for (const deadline = Date.now() + 30_000; totals.gw_audit_queue_depth > 0 && Date.now() < deadline; await sleep(250)) {
    totals = await metricTotals(gateway.url, GATEWAY_METRICS);
  }
  await sleep(1500); // a batch in flight is not in the queue depth
  totals = await metricTotals(gateway.url, GATEWAY_METRICS);
  const cacheErrors = await labelledMetric(gateway.url, 'gw_cache_errors_total');
  const auditDrops = await labelledMetric(gateway.url, 'gw_audit_events_dropped_total');
  const gatewayExit = await gateway.stop(30_000);
  await stopGateway();
  audit.child.signal('SIGTERM');
  const auditExit = await within(audit.child.exited, 15_000, 'the audit module stop');
  await stopAudit();
  const chain = verifyAuditChain(auditDir);

  return judgeTraffic({
    options,
    timeline,
    preflight: checked,
    gateway: totals,
    cacheErrors,
    auditDrops,
    gatewayLines: gateway.lines,
    gatewayExit,
    auditExit,
    chain,
    freshPool,
  });
}
