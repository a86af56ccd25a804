/** Checks on a fuzzed service between and after its runs: still up and serving, and its heap back near the baseline. */
import assert from 'node:assert/strict';
import type { FuzzTally } from './fuzz-tally.js';
import type { HostedService } from './hosted-service.js';
import type { MemoryReading } from './hosts/host-ipc.js';
import { call, type Answer, type Call } from './http-call.js';

/** How far the heap may stay above its warmed-up baseline after a run, once collected. */
export const HEAP_BOUND_BYTES = 32 * 1024 * 1024;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** One call, counted against its endpoint; throws with the service's output when the call ended the process. */
export async function callHosted(service: string, host: HostedService, tally: FuzzTally, sent: Call): Promise<Answer> {
  tally.touch(sent.path.split('?')[0]!);
  const answer = await call(host.port, sent);
  if (host.exited() !== undefined) throw new Error(`the ${service} ended (${host.exited()}):\n${host.output()}`);
  return answer;
}

/** The process is still running and answers GET /healthz with 200 `ok`. */
export async function assertServing(host: HostedService): Promise<void> {
  assert.equal(host.exited(), undefined, `the service ended:\n${host.output()}`);
  const answer = await call(host.port, { method: 'GET', path: '/healthz' });
  assert.deepEqual([answer.status, answer.text], [200, 'ok'], `/healthz after the run:\n${host.output()}`);
}

/** Prints the heap and RSS before and after, and asserts the heap within {@link HEAP_BOUND_BYTES} of the baseline. */
export async function assertMemoryNearBaseline(service: string, host: HostedService, baseline: MemoryReading): Promise<void> {
  const after = await host.ask<MemoryReading>('memory');
  console.log(
    `      fuzz ${service}: heap ${mib(baseline.heapUsed)} → ${mib(after.heapUsed)} after collection (bound +${mib(HEAP_BOUND_BYTES)}), ` +
      `rss ${mib(baseline.rss)} → ${mib(after.rss)}`,
  );
  assert.ok(
    after.heapUsed <= baseline.heapUsed + HEAP_BOUND_BYTES,
    `heap ${mib(after.heapUsed)} is more than ${mib(HEAP_BOUND_BYTES)} above the baseline ${mib(baseline.heapUsed)}`,
  );
}
