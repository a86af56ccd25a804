import { randomInt } from 'node:crypto';
import { auditCrashIteration } from './crash-iteration.js';

/** `CRASH_SEED` replays a run; `CRASH_ITERATIONS` runs more of them (`npm run soak` runs many). */
const SEED = Number(process.env.CRASH_SEED ?? randomInt(2 ** 31));
const ITERATIONS = Number(process.env.CRASH_ITERATIONS ?? 3);

describe('audit: SIGKILL under concurrent batches, restart on the same directory', function () {
  this.timeout(30_000);
  before(() => console.log(`      CRASH_SEED=${SEED}`));

  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const seed = SEED + iteration;
    it(`stores every acknowledged event once, batches whole or not at all, and the chain verifies (seed ${seed})`, async () => {
      const outcome = await auditCrashIteration(seed);
      console.log(`      ${JSON.stringify(outcome)}`);
    });
  }
});
