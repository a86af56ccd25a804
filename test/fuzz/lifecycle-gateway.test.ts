/**
 * `npm run fuzz`: the gateway's semantic store lifecycle (starts, clean stops, kills, reloads, prunes and
 * questions against a model of what was stored and saved) with 3 × FUZZ_RUNS sequences of up to 40 steps
 * from FUZZ_SEED, within FUZZ_SECONDS. Without FUZZ_RUNS (plain `npm test`) it is skipped:
 * test/apps/gateway/semantic-lifecycle.test.ts runs the suite there with its fixed seed. LIFECYCLE_REPLAY
 * takes the `replay:` JSON a failure prints and runs that sequence alone.
 */
import { runSemanticLifecycle } from '../apps/gateway/semantic-lifecycle/runner.js';
import { fuzzBudget, onlyUnderFuzzRuns } from './fuzz-budget.js';

describe('fuzz: gateway semantic store lifecycle', function () {
  const budget = fuzzBudget();
  const shrinkSeconds = Math.min(600, Math.max(120, Math.round(budget.seconds / 4)));
  this.timeout((budget.seconds + shrinkSeconds + 120) * 1000);

  before(function () {
    onlyUnderFuzzRuns(this, 'test/apps/gateway/semantic-lifecycle.test.ts');
  });

  it(`answers every question as the model of stored and saved entries allows (seed ${budget.seed})`, async () => {
    const replay = process.env['LIFECYCLE_REPLAY'];
    await runSemanticLifecycle({
      seed: budget.seed,
      numRuns: 3 * budget.scale,
      maxSteps: 40,
      seconds: budget.seconds,
      shrinkSeconds,
      ...(replay === undefined ? {} : { ...(JSON.parse(replay) as object), numRuns: 1 }),
    });
  });
});
