/**
 * The lifecycle runner: fast-check generates seeded sequences of steps and runs each against a fresh service
 * process over a fresh data directory on the small disk, checking the service against the model after every
 * step. A failure is shrunk within its own time budget and reported with the seed and the shortest sequence.
 */
import path from 'node:path';
import fc from 'fast-check';
import type { SmallDisk } from '../../../fixtures/small-disk.js';
import { lifecycleCommand } from './command-arbitraries.js';
import type { LifecycleContext } from './lifecycle-command.js';
import { LiveService } from './live-service.js';
import { LifecycleModel } from './model.js';
import { StepBudget } from './step-budget.js';
import { LifecycleTally } from './tally.js';

export interface LifecycleRun {
  readonly seed: number;
  readonly numRuns: number;
  readonly maxSteps: number;
  /** The small disk the data directories live on, for the whole run. */
  readonly disk: SmallDisk;
  /** Wall time for the sequences; those not started by then are skipped. */
  readonly seconds: number;
  /** Wall time for shrinking a failure, and at most this many sequences. */
  readonly shrinkSeconds: number;
  readonly maxShrinkSequences: number;
  /** SVC_AUTOSAVE_SECS of the service, one of these per sequence ([1] when absent). */
  readonly autosaveSeconds?: readonly number[];
  /** fast-check's path of a reported failure, to replay just that sequence (printed with it). */
  readonly path?: string;
  /** The commands' replay path of that failure (printed with it), so its shrunk sequence replays exactly. */
  readonly replayPath?: string;
}

export interface LifecycleOutcome {
  readonly tally: LifecycleTally;
  /** The summary line. */
  readonly line: string;
  /** Set when the time ran out before every sequence ran. */
  readonly cutShort: boolean;
  /** The report of a failure: what went wrong, the shortest sequence found one step a line, how to replay it. */
  readonly failure?: string;
}

/**
 * @example
 * const outcome = await runLifecycle({ seed: 42, numRuns: 3, maxSteps: 25, disk, seconds: 50, shrinkSeconds: 60, maxShrinkSequences: 30 });
 * console.log(outcome.line); // lifecycle vector-cache: 3 sequences, 71 steps, 9 kills, …
 */
export async function runLifecycle(run: LifecycleRun): Promise<LifecycleOutcome> {
  const [first, ...others] = run.autosaveSeconds ?? [1];
  const autosave = others.length === 0 ? fc.constant(first!) : fc.constantFrom(first!, ...others);
  const tally = new LifecycleTally();
  const budget = new StepBudget(run.seconds * 1000, run.shrinkSeconds * 1000, run.maxShrinkSequences);
  const context: LifecycleContext = { tally, budget };
  const commands = fc.commands([lifecycleCommand(context)], {
    maxCommands: run.maxSteps,
    size: 'max',
    ...(run.replayPath === undefined ? {} : { replayPath: run.replayPath }),
  });
  let foundBy = 0;

  const property = fc.asyncProperty(autosave, commands, async (autosaveSeconds, sequence) => {
    if (!budget.startSequence()) return;
    tally.sequences += 1;
    if (budget.shrinking) tally.shrinkSequences += 1;
    const env = { SVC_AUTOSAVE_SECS: String(autosaveSeconds), SVC_SHUTDOWN_TIMEOUT_SECS: '5', SVC_LOG_LEVEL: 'warn' };
    const live = await LiveService.start(run.disk, path.join(run.disk.dir, `sequence-${tally.sequences}`), env);
    try {
      await fc.asyncModelRun(() => ({ model: new LifecycleModel(autosaveSeconds), real: live }), sequence);
    } catch (error) {
      if (!budget.shrinking) foundBy = tally.sequences;
      budget.failed();
      throw error;
    } finally {
      tally.starts += live.startTimes.length;
      tally.startMs += live.startTimes.reduce((sum, ms) => sum + ms, 0);
      await live.dispose();
    }
  });
  const details = await fc.check(property, {
    seed: run.seed,
    numRuns: run.numRuns,
    ...(run.path === undefined ? {} : { path: run.path, endOnFailure: true }),
  });
  const line = tally.line(run.seed);
  if (!details.failed) return { tally, line, cutShort: budget.runsCutShort };
  return { tally, line, cutShort: false, failure: failureReport(details, run, foundBy, budget.shrinkStopped) };
}

/**
 * The options of the `replay:` JSON a failure prints (seed, maxSteps, path, replayPath), to run that one
 * sequence alone; none without it.
 * @example
 * await runLifecycle({ ...options, ...lifecycleReplay(process.env['LIFECYCLE_REPLAY']) });
 */
export function lifecycleReplay(json: string | undefined): Partial<LifecycleRun> {
  if (json === undefined || json.trim() === '') return {};
  const { seed, maxSteps, path: at, replayPath } = JSON.parse(json) as Record<string, unknown>;
  if (typeof seed !== 'number' || typeof maxSteps !== 'number' || typeof at !== 'string') {
    throw new Error(`LIFECYCLE_REPLAY must be the replay JSON a failure printed, got ${json}`);
  }
  return { seed, maxSteps, path: at, numRuns: 1, ...(typeof replayPath === 'string' ? { replayPath } : {}) };
}

function failureReport<Ts extends [number, Iterable<unknown>]>(
  details: fc.RunDetails<Ts>,
  run: LifecycleRun,
  foundBy: number,
  shrinkStopped: boolean,
): string {
  const error = details.errorInstance;
  const problem = error instanceof Error ? error.message : String(error);
  const [autosaveSeconds, sequence] = details.counterexample ?? [];
  // fast-check renders the steps that ran joined by commas (no step's name has one), then its replay hint.
  const rendered = String(sequence ?? '');
  const hint = /\/\*replayPath=(".*")\*\/\s*$/.exec(rendered)?.[1];
  const text = rendered.replace(/\s*\/\*.*\*\/\s*$/, '');
  const steps = text === '' ? [] : text.split(',');
  const replay = {
    seed: run.seed,
    maxSteps: run.maxSteps,
    path: details.counterexamplePath,
    ...(hint === undefined ? {} : { replayPath: JSON.parse(hint) as string }),
  };
  return [
    `lifecycle vector-cache failed: ${problem}`,
    `seed ${run.seed}, path ${details.counterexamplePath}: found by sequence ${foundBy}, then ${details.numShrinks} shrinks` +
      (shrinkStopped ? ', stopped at the shrinking bound' : ''),
    `shortest sequence found, SVC_AUTOSAVE_SECS=${autosaveSeconds}, ${steps.length} step${steps.length === 1 ? '' : 's'} (each followed by the check against the model):`,
    '  0. start over an empty data directory',
    ...steps.map((step, i) => `  ${i + 1}. ${step}`),
    `replay: LIFECYCLE_REPLAY='${JSON.stringify(replay)}' with the same test file (or these options to runLifecycle)`,
  ].join('\n');
}
