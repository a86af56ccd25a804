/**
 * `npm run fuzz`: the gateway's semantic store lifecycle (starts, clean stops, kills, reloads, prunes and
 * questions against a model of what was stored and saved) with FUZZ_RUNS times the sequences of `npm test`,
 * within FUZZ_SECONDS, from FUZZ_SEED.
 */
import { runSemanticLifecycle } from '../presets/gateway/semantic-lifecycle/runner.js';
import { fuzzBudget } from './fuzz-budget.js';

describe('fuzz: gateway semantic store lifecycle', function () {
  const budget = fuzzBudget();
  const shrinkSeconds = Math.min(300, Math.max(60, budget.seconds / 4));
  this.timeout((budget.seconds + shrinkSeconds) * 1000 + 120_000);

  it(`answers every question as the model of stored and saved entries allows (seed ${budget.seed})`, async () => {
    await runSemanticLifecycle({
      seed: budget.seed,
      numRuns: 3 * budget.scale,
      maxSteps: 40,
      seconds: budget.seconds,
      shrinkSeconds,
    });
  });
});
