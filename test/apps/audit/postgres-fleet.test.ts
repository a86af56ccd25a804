/**
 * Two `sluice audit` processes on one PostgreSQL database under concurrent producers, one SIGKILLed at a
 * moment drawn from the seed while the other keeps appending: every acknowledged event stored once, the
 * sequence gapless, batches whole or absent, one chain that verifies, and a restart that migrates nothing.
 */
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { POSTGRES_MIGRATIONS, verifyPostgresChain } from '@sluice/audit';
import { describePostgres, sqlOn } from '../../fixtures/postgres.js';
import { within } from '../vector-cache/within.js';
import { seededRandom } from '../vector-cache/write-load.js';
import { allEvents, startAuditProcess, type AuditProcess } from './audit-process.js';
import { batchBody, postBatch, requestEvents } from './audit-under-test.js';
import { BatchLoad } from './batch-load.js';

/** `CRASH_SEED` replays a run; `CRASH_ITERATIONS` runs more of them. */
const SEED = Number(process.env.CRASH_SEED ?? randomInt(2 ** 31));
const ITERATIONS = Number(process.env.CRASH_ITERATIONS ?? 2);
const WRITERS = 8;

const schemaRows = (url: string) =>
  sqlOn<{ version: number; applied_at: Date }>(url, 'SELECT version, applied_at FROM schema_version ORDER BY version');

describePostgres('audit on PostgreSQL: two modules, many producers, one SIGKILLed mid-batch', (postgres) => {
  before(() => console.log(`      CRASH_SEED=${SEED}`));

  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const seed = SEED + iteration;
    it(`stores every acknowledged event once in one gapless chain that verifies (seed ${seed})`, async function () {
      this.timeout(60_000);
      const random = seededRandom(seed);
      const delay = Math.floor(random() * 800);
      const url = await postgres.database();
      const procs: AuditProcess[] = [];
      try {
        // Started at the same moment: both migrate-or-wait on the one lock.
        procs.push(...(await Promise.all([startAuditProcess(url), startAuditProcess(url)])));
        const [doomed, survivor] = procs as [AuditProcess, AuditProcess];
        const migrated = await schemaRows(url);
        assert.deepEqual(
          migrated.map((row) => row.version),
          POSTGRES_MIGRATIONS.map((m) => m.version),
        );

        const load = new BatchLoad([doomed.url, survivor.url], WRITERS, random);
        const started = Date.now();
        const running = load.run();
        for (const deadline = Date.now() + 10_000; load.eventsAcknowledged < 100; await sleep(10)) {
          assert.ok(
            Date.now() < deadline,
            `${load.eventsAcknowledged} events acknowledged in 10 s; ${load.unexpected.join('; ')}`,
          );
        }
        await sleep(delay);
        doomed.child.signal('SIGKILL');
        assert.equal((await within(doomed.child.exited, 10_000, 'the kill')).signal, 'SIGKILL');
        // The survivor goes on appending: the killed process's transaction and lock went with its connection.
        const atKill = load.eventsAcknowledged;
        for (const deadline = Date.now() + 10_000; load.eventsAcknowledged < atKill + 100; await sleep(10)) {
          assert.ok(Date.now() < deadline, `the survivor acknowledged ${load.eventsAcknowledged - atKill} events in 10 s`);
        }
        load.stop();
        await within(running, 15_000, 'the load');
        const loadMs = Date.now() - started;
        assert.deepEqual(load.unexpected, []);
        // Left in flight once every writer stopped: the batches the killed process never answered.
        const cutShort = load.inFlight.filter((batch) => batch.fresh.length > 0);

        const stored = await allEvents(survivor.url);
        const storedIds = new Set(stored.map((event) => event.event_id));
        assert.deepEqual(load.judge(stored).slice(0, 10), []);
        assert.deepEqual(await verifyPostgresChain(url), {
          ok: true,
          events: stored.length,
          segments: [{ from_sequence: 1, mode: 'sha256', key_id: null }],
        });

        // A second start runs no migration again, and numbers on from the head.
        const restarted = await startAuditProcess(url);
        procs.push(restarted);
        assert.deepEqual(await schemaRows(url), migrated);
        const next = await postBatch(restarted.url, batchBody(requestEvents()));
        assert.equal(next.body.first_sequence, stored.length + 1);
        const retried = load.acknowledged.at(-1)!;
        assert.equal((await postBatch(restarted.url, batchBody(retried.events))).body.accepted, 0);
        for (const proc of [survivor, restarted]) {
          proc.child.signal('SIGTERM');
          assert.deepEqual(await within(proc.child.exited, 10_000, 'the stop'), { code: 0, signal: null });
        }
        assert.equal((await verifyPostgresChain(url)).ok, true);
        console.log(
          `      ${JSON.stringify({
            seed,
            killedAfterMs: delay,
            eventsAcknowledged: load.eventsAcknowledged,
            eventsPerSecond: Math.round((load.eventsAcknowledged * 1000) / loadMs),
            batchesCutShort: cutShort.length,
            largestCutShort: Math.max(0, ...cutShort.map((batch) => batch.fresh.length)),
            cutShortStored: cutShort.filter((batch) => storedIds.has(batch.fresh[0]!.event_id)).length,
            stored: stored.length,
          })}`,
        );
      } finally {
        for (const proc of procs) await proc.child.kill();
      }
    });
  }
});
