/**
 * `npm run bench -- topologies`: the steps of docs/guides/deploy.md's topology table that `gateway` and
 * `fleet` do not measure. Exact hits through one and two gateway processes on a three-node Redis Cluster
 * (started here, as the cluster tests start it), and audit appends: one module on SQLite, one and two
 * modules on one PostgreSQL database (made here and dropped after), 8 writers of 102-event batches.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresAdmin, POSTGRES_ADMIN_URL } from '../fixtures/postgres.js';
import { startRedisCluster } from '../fixtures/redis-cluster.js';
import { startAuditProcess, type AuditProcess } from '../apps/audit/audit-process.js';
import { BatchLoad } from '../apps/audit/batch-load.js';
import { seededRandom } from '../apps/vector-cache/write-load.js';
import { hitsThroughOneAndTwo, printFleetRows } from './fleet.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WRITERS = 8;

export async function benchTopologies(): Promise<void> {
  console.log(`hardware: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
  console.log(`load average before the run: ${loadavg()[0]!.toFixed(2)}\n`);
  await clusterRows();
  await auditRows();
}

async function clusterRows(): Promise<void> {
  const cluster = await startRedisCluster();
  if (cluster === undefined) return void console.error('SKIPPED: Redis Cluster rows: redis-server or redis-cli is not installed');
  try {
    printFleetRows(
      await hitsThroughOneAndTwo(cluster, [
        'exact hit, Redis Cluster of three nodes, one gateway',
        'exact hit, Redis Cluster of three nodes, two gateways',
      ]),
    );
  } finally {
    await cluster.stop();
  }
}

async function auditRows(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'sluice-bench-audit-'));
  const database = `sluice_audit_bench_${randomBytes(6).toString('hex')}`;
  let created = false;
  const rows: string[] = [];
  try {
    rows.push(await appendRow('audit appends, one module on SQLite', [join(dir, 'sqlite')]));
    try {
      await postgresAdmin((client) => client.query(`CREATE DATABASE ${database}`));
      created = true;
    } catch (error) {
      console.error(`SKIPPED: PostgreSQL rows: ${(error as Error).message}`);
    }
    if (created) {
      const url = new URL(POSTGRES_ADMIN_URL);
      url.pathname = `/${database}`;
      rows.push(await appendRow('audit appends, one module on PostgreSQL', [url.href]));
      rows.push(await appendRow('audit appends, two modules on one PostgreSQL database', [url.href, url.href]));
    }
  } finally {
    if (created) await postgresAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    await rm(dir, { recursive: true, force: true });
  }
  console.log(`\n${WRITERS} writers of 102-event batches for ${SECONDS} s each, spread over the modules\n`);
  console.log('| path | events acknowledged/s |');
  console.log('|---|---:|');
  for (const row of rows) console.log(row);
}

/** Starts a module per location (each its own process), loads them together, answers one table row. */
async function appendRow(name: string, locations: readonly string[]): Promise<string> {
  const modules: AuditProcess[] = [];
  try {
    // One after the other: the first migrates a new database, the rest find it migrated.
    for (const location of locations) modules.push(await startAuditProcess(location));
    const load = new BatchLoad(
      modules.map((m) => m.url),
      WRITERS,
      seededRandom(7),
    );
    const running = load.run();
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    load.stop();
    await running;
    if (load.unexpected.length > 0) throw new Error(`${name}: ${load.unexpected.slice(0, 3).join('; ')}`);
    return `| ${name} | ${Math.round(load.eventsAcknowledged / SECONDS)} |`;
  } finally {
    await Promise.all(modules.map((m) => m.child.kill()));
  }
}
