/**
 * The runner of the fault table: per dependency, one gateway and one fault proxy per configuration; per fault,
 * one test that checks every configuration's row at once (switch the fault on, ask, compare with the row,
 * switch it off, see it recover). Each configuration has its own proxy, so the rows of a fault never meet.
 */
import assert from 'node:assert/strict';
import { blackhole, pass, type FaultProxy } from '../../fixtures/fault-proxy.js';
import {
  FAULT_NAMES,
  FAULTS,
  configurationName,
  configurationsOf,
  rowsName,
  rowsOf,
  type Configuration,
  type Dependency,
  type FaultCase,
} from './fault-injection-cases.js';
import { ask, assertEvidence, freshQuestion, until, type WatchedGateway } from './fault-injection-gateway.js';

/** Longest a gateway may take to close while a dependency is silent: its timeouts and drain bounds, not the dependency. */
const SHUTDOWN_BOUND_MS = 5_000;

/** A configuration's gateway, the proxy its dependency is reached through, and what recovery means for it. */
export interface FaultTarget {
  readonly gw: WatchedGateway;
  readonly proxy: FaultProxy;
  /** While the fault lasts, after the row's own request: anything more the dependency promises. */
  duringFault?(row: FaultCase, where: string): Promise<void>;
  /** After the fault: the dependency is in use again (e.g. a repeat is a cache hit). */
  recovered(question: string, where: string): Promise<void>;
}

/**
 * One row: the fault on, one request, its status, counters, evidence and readiness as the row says; the fault
 * off, readiness back and the dependency in use again, without a restart.
 */
export async function checkFaultCase(target: FaultTarget, row: FaultCase): Promise<void> {
  const { gw, proxy } = target;
  const where = `${row.dependency}, ${row.fault}, ${configurationName(row.configuration)}`;
  const before = await gw.samples(row.expected.metrics);
  await proxy.set(FAULTS[row.fault]);
  try {
    const reply = await ask(gw, freshQuestion(where), row.configuration.stream === true);
    assert.deepEqual([reply.status, reply.code], [row.expected.status, row.expected.code], `${where}: status and code`);
    const after = await gw.samples(row.expected.metrics);
    for (const [i, m] of row.expected.metrics.entries()) {
      const grown = (after[i] ?? 0) - (before[i] ?? 0);
      const label = `${where}: ${m.name}${JSON.stringify(m.labels)} grew by ${grown}, expected ${m.atLeast ? 'at least ' : ''}${m.by}`;
      assert.ok(m.atLeast ? grown >= m.by : grown === m.by, label);
    }
    assertEvidence(
      gw.events.filter((e) => e.trace_id === reply.traceId),
      row.expected.evidence,
      where,
    );
    const readiness = row.expected.ready ? 200 : 503;
    await until(async () => (await gw.readyz()) === readiness, `${where}: /readyz ${readiness} during the fault`, 3_000);
    await target.duringFault?.(row, where);
  } finally {
    await proxy.set(pass);
  }
  await until(async () => (await gw.readyz()) === 200, `${where}: /readyz 200 once the fault ended`);
  await target.recovered(freshQuestion(`${where}, after`), where);
}

/** Settles every check; throws the one failure, or all of them together. */
async function allChecked(checks: readonly Promise<void>[]): Promise<void> {
  const results = await Promise.allSettled(checks);
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []));
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, failures.map((failure) => failure.message).join('\n'));
}

/** A gateway that closes within the bound while its dependency is blackholed. */
async function checkShutdown(target: FaultTarget, dependency: Dependency, configuration: Configuration): Promise<void> {
  try {
    await target.proxy.set(blackhole);
    await ask(target.gw, freshQuestion(`${dependency}, shutdown`), configuration.stream === true);
    const closed = await Promise.race([
      target.gw.close().then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), SHUTDOWN_BOUND_MS).unref()),
    ]);
    assert.ok(closed, `${dependency}: the gateway was still closing after ${SHUTDOWN_BOUND_MS} ms`);
  } finally {
    await target.proxy.close();
  }
}

/**
 * The tests of one dependency: `start` builds its proxy and gateway in a configuration (all configurations
 * before the tests, at once), and each fault is one test over every configuration's row, all at once, so a
 * suite takes about as long as its slowest rows. Every row is settled before the test ends, so no fault
 * outlives its test.
 * @example
 * describeFaultRows('upstream', async (configuration) => ({ gw, proxy, recovered }));
 */
export function describeFaultRows(dependency: Dependency, start: (configuration: Configuration) => Promise<FaultTarget>): void {
  const configurations = configurationsOf(dependency);
  describe(`in ${configurations.map(configurationName).join(' | ')}`, () => {
    const targets = new Map<string, FaultTarget>();
    before(async () => {
      const started = await Promise.allSettled(configurations.map(start));
      for (const [i, result] of started.entries()) {
        if (result.status === 'fulfilled') targets.set(configurationName(configurations[i]!), result.value);
      }
      const failed = started.find((result) => result.status === 'rejected');
      if (failed !== undefined) throw failed.reason;
    });
    after(async () => {
      for (const target of targets.values()) {
        await target.gw.close();
        await target.proxy.close();
      }
    });
    for (const fault of FAULT_NAMES) {
      const rows = rowsOf(dependency, fault);
      it(`${fault}: ${rowsName(rows)}`, () =>
        allChecked(rows.map((row) => checkFaultCase(targets.get(configurationName(row.configuration))!, row))));
    }
    it(`shuts down within ${SHUTDOWN_BOUND_MS / 1000} s while the dependency is blackholed`, async () => {
      const configuration = configurations[0]!;
      await checkShutdown(await start(configuration), dependency, configuration);
    });
  });
}
