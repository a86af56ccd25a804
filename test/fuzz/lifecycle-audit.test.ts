/**
 * `npm run fuzz`: the audit module's lifecycle (concurrent batches and retries, kills and clean stops with batches
 * in flight, reads, verify, against a model of what was acknowledged) with 3 × FUZZ_RUNS sequences of up to 40 steps
 * from FUZZ_SEED, within FUZZ_SECONDS. Without FUZZ_RUNS (plain `npm test`) it is skipped:
 * test/apps/audit/lifecycle.test.ts runs the suite there with its fixed seed. LIFECYCLE_REPLAY
 * takes the `replay:` JSON a failure prints and runs that sequence alone.
 */
import { runAuditLifecycle } from '../apps/audit/lifecycle/runner.js';
import { fuzzBudget, onlyUnderFuzzRuns } from './fuzz-budget.js';

describe('fuzz: audit module lifecycle', function () {
  const budget = fuzzBudget();
  const shrinkSeconds = Math.min(600, Math.max(120, Math.round(budget.seconds / 4)));
  this.timeout((budget.seconds + shrinkSeconds + 120) * 1000);

  before(function () {
    onlyUnderFuzzRuns(this, 'test/apps/audit/lifecycle.test.ts');
  });

  it(`keeps every acknowledged event once, in order, chained, and unanswered batches whole or absent (seed ${budget.seed})`, async () => {
    const replay = process.env['LIFECYCLE_REPLAY'];
    await runAuditLifecycle({
      seed: budget.seed,
      numRuns: 3 * budget.scale,
      maxSteps: 40,
      seconds: budget.seconds,
      shrinkSeconds,
      ...(replay === undefined ? {} : { ...(JSON.parse(replay) as object), numRuns: 1 }),
    });
  });
});
