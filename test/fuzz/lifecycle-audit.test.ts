/**
 * `npm run fuzz`: the audit module's lifecycle (concurrent batches and retries, kills and clean stops with
 * batches in flight, reads, verify) against a model of what was acknowledged, with FUZZ_RUNS times the
 * sequences of `npm test`, within FUZZ_SECONDS, from FUZZ_SEED.
 */
import { runAuditLifecycle } from '../presets/audit/lifecycle/runner.js';
import { fuzzBudget } from './fuzz-budget.js';

describe('fuzz: audit module lifecycle', function () {
  const budget = fuzzBudget();
  const shrinkSeconds = Math.min(300, Math.max(60, budget.seconds / 4));
  this.timeout((budget.seconds + shrinkSeconds) * 1000 + 120_000);

  it(`keeps every acknowledged event once, in order, chained, and unanswered batches whole or absent (seed ${budget.seed})`, async () => {
    await runAuditLifecycle({
      seed: budget.seed,
      numRuns: 3 * budget.scale,
      maxSteps: 40,
      seconds: budget.seconds,
      shrinkSeconds,
    });
  });
});
