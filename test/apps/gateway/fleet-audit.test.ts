/**
 * Two gateways deliver evidence to one audit module process; one is SIGKILLed mid-traffic.
 *
 * What is guaranteed, and checked here: every event the audit module acknowledged (a batch answered 200,
 * less the events it listed as rejected) is stored and read back through its read API, once, on one
 * verifying chain; the surviving gateway keeps answering; a gateway stopped gracefully delivers every event
 * it logged. What is not: events the killed gateway had built but not yet had acknowledged were held in
 * its in-memory delivery queue (`audit_queue_capacity`) and die with the process.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyAuditChain } from '@sluice/audit';
import { describeRedis } from '../../fixtures/redis.js';
import { allEvents, startAuditProcess } from '../audit/audit-process.js';
import { API_KEY } from '../audit/audit-under-test.js';
import { startAckWitness, type AckWitness } from './fleet-audit-witness.js';
import { startFleet, type Fleet, type FleetMember } from './fleet-under-test.js';

/** Requests each gateway is sent, four at a time; A is killed once it has answered KILL_AFTER. */
const REQUESTS = 60;
const KILL_AFTER = 20;
const CONCURRENCY = 4;

/** Sends REQUESTS questions through `member` (a tenth of them distinct, so most are cache hits); counts answers. */
async function traffic(member: FleetMember, answered: { count: number }, stopOnError: boolean): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const n = next++;
      try {
        await member.client.chat.completions.create({
          model: 'test-model',
          messages: [{ role: 'user', content: `Audited question ${n % 6}` }],
        });
        answered.count++;
      } catch (error) {
        if (stopOnError) return;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** Event ids a gateway process wrote to its log as evidence (a killed one's last line may be cut short). */
function loggedEventIds(member: FleetMember): string[] {
  return member.child.lines.flatMap((line) => {
    if (!line.includes('"target":"svc_evidence"')) return [];
    try {
      return [(JSON.parse(line) as { evidence: { event_id: string } }).evidence.event_id];
    } catch {
      return [];
    }
  });
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describeRedis('a fleet of two gateway processes delivering evidence to one audit module', (redis) => {
  let dataDir: string;
  let witness: AckWitness | undefined;
  let fleet: Fleet | undefined;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sluice-fleet-audit-'));
  });
  afterEach(async () => {
    await fleet?.close();
    await witness?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('SIGKILL of one gateway mid-traffic loses no acknowledged event, and the other keeps serving', async function () {
    this.timeout(90_000);
    const audit = await startAuditProcess(dataDir);
    witness = await startAckWitness(audit.url);
    fleet = await startFleet(redis(), {
      extra: `audit_enabled on;
audit_url ${witness.url};
audit_api_key ${API_KEY};
audit_batch_size 10;
audit_flush_interval_ms 20;
audit_retry_initial_backoff_ms 20;
audit_retry_max_attempts 100;
`,
      own: { a: 'audit_producer_instance_id fleet-a;', b: 'audit_producer_instance_id fleet-b;' },
    });
    const { a, b } = fleet;
    const answered = { a: { count: 0 }, b: { count: 0 } };

    const throughA = traffic(a, answered.a, true);
    const throughB = traffic(b, answered.b, false);
    await until(
      () => answered.a.count >= KILL_AFTER && (witness!.acked.get('fleet-a')?.size ?? 0) > 0,
      'A answered and delivered',
    );
    await a.child.kill();
    await throughA;
    await throughB;
    assert.ok(answered.a.count < REQUESTS, `A was killed mid-traffic (answered ${answered.a.count} of ${REQUESTS})`);
    assert.equal(answered.b.count, REQUESTS, 'B answered every request');

    // A graceful stop flushes B's queue, so B's every logged event is acknowledged too.
    b.child.signal('SIGTERM');
    assert.equal((await b.child.exited).code, 0);

    const stored = await allEvents(audit.url);
    const storedIds = new Set(stored.map((event) => event.event_id));
    assert.equal(storedIds.size, stored.length, 'each event stored once');
    for (const [producer, ids] of witness.acked) {
      const missing = [...ids].filter((id) => !storedIds.has(id));
      assert.deepEqual(missing, [], `every event acknowledged to ${producer} is stored`);
    }
    const ackedA = witness.acked.get('fleet-a')!;
    assert.ok(ackedA.size > 0, 'events of the killed gateway were acknowledged before it died');
    const loggedB = loggedEventIds(b);
    assert.deepEqual(
      loggedB.filter((id) => !storedIds.has(id)),
      [],
      'every event B logged is stored',
    );
    // Nothing stored that no gateway sent: A's stored events are the ones it logged.
    const loggedA = new Set(loggedEventIds(a));
    assert.ok([...ackedA].every((id) => loggedA.has(id)));
    assert.equal(stored.length, ackedA.size + witness.acked.get('fleet-b')!.size);

    const chain = verifyAuditChain(dataDir);
    assert.deepEqual({ ok: chain.ok, events: chain.ok ? chain.events : -1 }, { ok: true, events: stored.length });
  });
});
