/** `sluice calibrate`: observe mode's calibration report, read from a running gateway's `/metrics`. */
import { calibrationReport } from '@sluice/plugin-semantic-cache';
import { CommandError, UsageError } from './command-error.js';
import { parseCommandLine } from './command-line.js';
import { calibrationBuckets, renderCalibrationReport } from './calibration-report.js';
import { renderHelp, type CommandHelp } from './help.js';
import type { Output } from './output.js';

const COMMAND = 'sluice calibrate';
const DEFAULT_PRECISION = 0.98;
const FETCH_TIMEOUT_MS = 10_000;

export const CALIBRATE_HELP: CommandHelp = {
  usage: ['sluice calibrate --metrics-url URL [--precision P]'],
  summary:
    'Read a gateway in observe mode (gw_enforcement_mode observe, semantic_cache_enabled on) and print, for each semantic similarity threshold from 0.80 to 1.00, the would-be hits on its traffic, how many cached answers agreed with the live ones (the precision estimate), and the lowest threshold reaching the chosen precision.',
  flags: [
    ['--metrics-url URL', "the gateway's metrics endpoint, e.g. http://127.0.0.1:8080/metrics"],
    ['--precision P', `the precision to reach, above 0 and at most 1 (default ${DEFAULT_PRECISION})`],
    ['-h, --help', 'show this help'],
  ],
  notes: [
    'an answer agrees when it is at least 0.90 similar to the live one (local embedder); below the threshold',
    'in force, only the nearest candidate of a lookup without a hit is counted, when it passes the verification.',
    'exit: 0 report printed, 1 the metrics could not be read, 2 a wrong command line.',
  ],
  examples: ['sluice calibrate --metrics-url http://127.0.0.1:8080/metrics --precision 0.98'],
  docs: ['docs/cli.md', 'docs/semantic-cache.md'],
};

const OPTIONS = {
  'metrics-url': { type: 'string' },
  precision: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function calibrateCommand(argv: readonly string[], output: Output): Promise<number> {
  const { values: flags } = parseCommandLine(COMMAND, argv, OPTIONS);
  if (flags.help === true) {
    output.out(renderHelp(CALIBRATE_HELP));
    return 0;
  }
  const url = flags['metrics-url'];
  if (url === undefined)
    throw new UsageError(COMMAND, '--metrics-url is required', 'e.g. --metrics-url http://127.0.0.1:8080/metrics');
  if (!/^https?:\/\//.test(url))
    throw new UsageError(COMMAND, `--metrics-url must be an http:// or https:// URL, not ${JSON.stringify(url)}`);
  const precision = flags.precision === undefined ? DEFAULT_PRECISION : Number(flags.precision);
  if (!/^\d*\.?\d+$/.test(flags.precision ?? '1') || !(precision > 0 && precision <= 1)) {
    throw new UsageError(COMMAND, `--precision must be a number above 0 and at most 1, not ${JSON.stringify(flags.precision)}`);
  }
  const text = await metricsText(url);
  for (const line of renderCalibrationReport(calibrationReport(calibrationBuckets(text), precision), precision)) output.out(line);
  return 0;
}

async function metricsText(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new CommandError(COMMAND, `cannot read ${url}: ${cause}`, 'is the gateway running, and is this its listen_addr?');
  }
  if (!response.ok) throw new CommandError(COMMAND, `cannot read ${url}: HTTP ${response.status}`);
  return response.text();
}
