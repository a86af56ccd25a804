import { randomInt } from 'node:crypto';
import { vectorCacheCrashIteration } from './crash-iteration.js';

/** `CRASH_SEED` replays a run; `CRASH_ITERATIONS` runs more of them (`npm run soak` runs many). */
const SEED = Number(process.env.CRASH_SEED ?? randomInt(2 ** 31));
const ITERATIONS = Number(process.env.CRASH_ITERATIONS ?? 3);

describe('vector-cache: SIGKILL under writes and saves, restart on the same directory (SVC_DURABILITY=wal)', function () {
  this.timeout(30_000);
  before(() => console.log(`      CRASH_SEED=${SEED}`));

  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const seed = SEED + iteration;
    it(`keeps every acknowledged write, restarts on a whole set and refuses a torn one (seed ${seed})`, async () => {
      const outcome = await vectorCacheCrashIteration(seed);
      console.log(`      ${JSON.stringify(outcome)}`);
    });
  }
});
