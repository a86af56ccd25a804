/**
 * `npm run fuzz`: the vector answer cache's lifecycle suite (test/apps/vector-cache/lifecycle/) with many
 * more sequences than `npm test` runs: 3 × FUZZ_RUNS sequences of up to 40 steps from FUZZ_SEED, each with
 * SVC_AUTOSAVE_SECS 1 or 4, the sequences bounded by FUZZ_SECONDS and the shrinking of a failure by a share of
 * it. Without FUZZ_RUNS (plain `npm test`) it is skipped: test/apps/vector-cache/lifecycle.test.ts runs the
 * suite there with its fixed seed. LIFECYCLE_REPLAY takes the `replay:` JSON a failure prints and runs that
 * sequence alone.
 */
import assert from 'node:assert/strict';
import { smallDiskOrSkip, type SmallDisk } from '../fixtures/small-disk.js';
import { lifecycleReplay, runLifecycle } from '../apps/vector-cache/lifecycle/run-lifecycle.js';
import { fuzzBudget, onlyUnderFuzzRuns } from './fuzz-budget.js';

const SEQUENCES_PER_RUN = 3;
const MAX_STEPS = 40;

describe('fuzz: vector cache lifecycle against a model (real processes and signals)', function () {
  const budget = fuzzBudget();
  const shrinkSeconds = Math.min(900, Math.max(120, Math.round(budget.seconds / 2)));
  this.timeout((budget.seconds + shrinkSeconds + 120) * 1000);
  let disk: SmallDisk | undefined;

  before(async function () {
    onlyUnderFuzzRuns(this, 'test/apps/vector-cache/lifecycle.test.ts');
    disk = await smallDiskOrSkip(this, 8 << 20);
  });
  after(async () => {
    await disk?.remove();
  });

  it(`every step agrees with the model (${SEQUENCES_PER_RUN} × FUZZ_RUNS sequences of up to ${MAX_STEPS} steps)`, async () => {
    const outcome = await runLifecycle({
      seed: budget.seed,
      numRuns: SEQUENCES_PER_RUN * budget.scale,
      maxSteps: MAX_STEPS,
      disk: disk!,
      seconds: budget.seconds,
      shrinkSeconds,
      maxShrinkSequences: 200,
      // A longer interval leaves the log alone for longer between saves: more of a restart's replay is tested.
      autosaveSeconds: [1, 4],
      ...lifecycleReplay(process.env['LIFECYCLE_REPLAY']),
    });
    console.log(`      ${outcome.line}\n      ${outcome.tally.breakdown()}`);
    if (outcome.cutShort) console.log(`      stopped at FUZZ_SECONDS=${budget.seconds}`);
    if (outcome.failure !== undefined) assert.fail(outcome.failure);
  });
});
