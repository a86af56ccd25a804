/**
 * How long and how hard the fuzz suites run: one fixed seed (FUZZ_SEED), every property's runs scaled by
 * FUZZ_RUNS, and each suite's properties bounded together by FUZZ_SECONDS of wall time.
 */

/** The seed of `npm test`, so that a failure there replays anywhere. */
export const DEFAULT_SEED = 20261124;

export interface FuzzBudget {
  readonly seed: number;
  /** Multiplies the base runs of every property: 1 in `npm test`, 20 in `npm run fuzz`. */
  readonly scale: number;
  /** Wall-clock seconds one suite's properties may take in all; a property past its share stops early. */
  readonly seconds: number;
}

/**
 * @example
 * fuzzBudget({ FUZZ_SEED: '7' }); // { seed: 7, scale: 1, seconds: 30 }
 */
export function fuzzBudget(env: NodeJS.ProcessEnv = process.env): FuzzBudget {
  return Object.freeze({
    seed: integerSetting(env, 'FUZZ_SEED', DEFAULT_SEED, -(2 ** 31), 2 ** 31 - 1),
    scale: integerSetting(env, 'FUZZ_RUNS', 1, 1, 10_000),
    seconds: integerSetting(env, 'FUZZ_SECONDS', 30, 1, 24 * 3600),
  });
}

function integerSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(text)}`);
  }
  return value;
}

/**
 * The lifecycle suites run under `npm run fuzz` alone: `npm test` runs each with its fixed seed from the
 * suite named here. Skips the calling suite when FUZZ_RUNS is not set.
 * @example
 * before(function () { onlyUnderFuzzRuns(this, 'test/apps/audit/lifecycle.test.ts'); });
 */
export function onlyUnderFuzzRuns(context: Mocha.Context, npmTestSuite: string): void {
  if (process.env['FUZZ_RUNS'] !== undefined) return;
  console.log(`      skipped without FUZZ_RUNS: npm test runs ${npmTestSuite}`);
  context.skip();
}
