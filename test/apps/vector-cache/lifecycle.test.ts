/**
 * The vector answer cache's lifecycle against a model: seeded sequences of writes, reads, snapshot saves and
 * loads, answers exports, autosave ticks, SIGTERM and SIGKILL restarts, writes on a failing disk and starts
 * with other dims, run on real processes over a data directory on a small real disk; after every step the
 * service must answer exactly as the model of the acknowledged operations. `npm run fuzz` runs many more
 * (test/fuzz/lifecycle-vector-cache.test.ts). LIFECYCLE_REPLAY takes the `replay:` JSON a failure prints and
 * runs that sequence alone.
 */
import assert from 'node:assert/strict';
import { smallDiskOrSkip, type SmallDisk } from '../../fixtures/small-disk.js';
import { lifecycleReplay, runLifecycle } from './lifecycle/run-lifecycle.js';

const SEED = 339;
const SEQUENCES = 3;
const MAX_STEPS = 25;
const SECONDS = 50;
/** A failure also spends up to this long shrinking: each candidate sequence starts processes. */
const SHRINK_SECONDS = 180;

describe('vector-cache: lifecycle against a model of acknowledged operations (real processes and signals)', function () {
  this.timeout((SECONDS + SHRINK_SECONDS + 90) * 1000);
  let disk: SmallDisk | undefined;

  before(async function () {
    disk = await smallDiskOrSkip(this, 8 << 20);
  });
  after(async () => {
    await disk?.remove();
  });

  it(`every step agrees with the model: ${SEQUENCES} sequences of up to ${MAX_STEPS} steps (seed ${SEED})`, async () => {
    const outcome = await runLifecycle({
      seed: SEED,
      numRuns: SEQUENCES,
      maxSteps: MAX_STEPS,
      disk: disk!,
      seconds: SECONDS,
      shrinkSeconds: SHRINK_SECONDS,
      maxShrinkSequences: 100,
      ...lifecycleReplay(process.env['LIFECYCLE_REPLAY']),
    });
    console.log(`      ${outcome.line}\n      ${outcome.tally.breakdown()}`);
    if (outcome.cutShort)
      console.warn(`      the sequences took more than ${SECONDS} s: the run stopped early (a busy machine?)`);
    if (outcome.failure !== undefined) assert.fail(outcome.failure);
  });
});
