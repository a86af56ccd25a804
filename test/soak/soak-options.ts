/** `npm run soak` options: flags first, then SOAK_* variables, then defaults; a bad value stops the run at once. */
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';

export interface SoakOptions {
  /** The whole run: traffic for `seconds − crashSeconds`, then crash iterations for `crashSeconds`. */
  readonly seconds: number;
  readonly crashSeconds: number;
  readonly perSecond: number;
  readonly sampleSeconds: number;
  readonly seed: number;
  readonly chart: string;
  readonly json: string;
}

export const SOAK_HELP = `usage: npm run soak -- [--seconds N] [--crash-seconds M] [--rate R] [--sample-seconds S] [--seed X]
                        [--chart FILE] [--json FILE]

  --seconds N          the whole run, default 600 (SOAK_SECONDS)
  --crash-seconds M    of which crash iterations, default a fifth (SOAK_CRASH_SECONDS); the rest is traffic
  --rate R             requests per second through the gateway, default 50 (SOAK_RATE)
  --sample-seconds S   sample the gateway every S seconds, default 5
  --seed X             replays the traffic mix and the crash iterations (SOAK_SEED; printed)
  --chart FILE         the SVG chart, default docs/soak.svg
  --json FILE          every sample and figure, default test/soak/last-run.json`;

function positive(name: string, text: string | undefined, fallback: number, least = 1): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < least)
    throw new Error(`${name}: must be a number of at least ${least}, got ${JSON.stringify(text)}`);
  return value;
}

export function parseSoakOptions(argv: readonly string[], env: NodeJS.ProcessEnv): SoakOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      seconds: { type: 'string' },
      'crash-seconds': { type: 'string' },
      rate: { type: 'string' },
      'sample-seconds': { type: 'string' },
      seed: { type: 'string' },
      chart: { type: 'string' },
      json: { type: 'string' },
    },
    strict: true,
  });
  const seconds = positive('--seconds', values.seconds ?? env.SOAK_SECONDS, 600, 30);
  const crashSeconds = positive('--crash-seconds', values['crash-seconds'] ?? env.SOAK_CRASH_SECONDS, Math.round(seconds / 5), 0);
  if (crashSeconds > seconds - 20)
    throw new Error(`--crash-seconds ${crashSeconds} leaves under 20 s of traffic in ${seconds} s`);
  return {
    seconds,
    crashSeconds,
    perSecond: positive('--rate', values.rate ?? env.SOAK_RATE, 50),
    sampleSeconds: positive('--sample-seconds', values['sample-seconds'], 5),
    seed: positive('--seed', values.seed ?? env.SOAK_SEED, randomInt(2 ** 31), 0),
    chart: values.chart ?? new URL('../../docs/soak.svg', import.meta.url).pathname,
    json: values.json ?? new URL('./last-run.json', import.meta.url).pathname,
  };
}
