import { runAuditLifecycle } from './lifecycle/runner.js';

/**
 * Fixed, so a failure replays anywhere (`runAuditLifecycle({ seed, path })`); chosen because its three
 * sequences use every command: kills and clean stops with batches in flight, every kind of read, verify.
 */
const SEED = 66;

describe('audit process: batches, retries, kills, clean stops, reads and verify, against a model of what was acknowledged', function () {
  // Each sequence starts the module as a process several times; a failure also spends up to 3 minutes shrinking.
  this.timeout(330_000);

  it(`keeps every acknowledged event once, in order, chained, and unanswered batches whole or absent (seed ${SEED})`, async () => {
    await runAuditLifecycle({ seed: SEED, numRuns: 3, maxSteps: 25, seconds: 45, shrinkSeconds: 180 });
  });
});
