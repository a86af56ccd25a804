import { runSemanticLifecycle } from './semantic-lifecycle/runner.js';

/**
 * Fixed, so a failure replays anywhere (`runSemanticLifecycle({ seed, path })`); chosen because its three
 * sequences use every command, a short TTL and autosave, and start from an empty saved store.
 */
const SEED = 49;

describe('gateway process: the in-process semantic store across starts, clean stops, kills, reloads and prunes', function () {
  // Each sequence starts the gateway as a process several times; a failure also spends up to 3 minutes shrinking.
  this.timeout(330_000);

  it(`answers every question as the model of stored and saved entries allows (seed ${SEED})`, async () => {
    await runSemanticLifecycle({ seed: SEED, numRuns: 3, maxSteps: 30, seconds: 45, shrinkSeconds: 180 });
  });
});
