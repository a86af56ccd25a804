/**
 * Runs a model-based lifecycle property with fast-check under a wall-clock budget: the search for a failure
 * stops at `seconds`, and shrinking a failure stops `shrinkSeconds` after it was found (each candidate
 * drives real processes, so an unbounded shrink could take hours). A failure is reported with its seed,
 * its fast-check path and the shortest sequence found, one command a line.
 */
import fc from 'fast-check';

export interface LifecycleRunOptions {
  readonly seed: number;
  /** Sequences to try. */
  readonly numRuns: number;
  /** Commands per sequence at most. */
  readonly maxSteps: number;
  /** Wall-clock bound of the search; sequences past it are not run. Default: no bound. */
  readonly seconds?: number;
  /** Wall-clock bound of shrinking, from the first failure. Default 60. */
  readonly shrinkSeconds?: number;
  /** The fast-check path of a failure to replay (printed with it). */
  readonly path?: string;
  /** The commands' replay path of that failure (printed with it), so its shrunk sequence replays exactly. */
  readonly replayPath?: string;
}

/** What the report says of a sequence: its name, and the step every sequence begins with, if any. */
export interface LifecycleNaming {
  readonly name: string;
  readonly firstStep?: string;
  readonly lastStep?: string;
}

/** A sequence value as drawn: the settings of the sequence and its commands. */
export type LifecycleValue<S, C> = [settings: S, commands: Iterable<C>];

/** Every command that ran, in order: fast-check's rendering of a command list, without its replay hint. */
export function commandsRun(commands: Iterable<unknown>): string[] {
  const text = String(commands).replace(/\s*\/\*.*\*\/\s*$/, '');
  return text === '' ? [] : text.split(',');
}

/** The hint fast-check appends to a command list it has shrunk, for `fc.commands({ replayPath })`. */
function replayPathOf(commands: Iterable<unknown>): string | undefined {
  const hint = /\/\*replayPath=(".*")\*\/\s*$/.exec(String(commands))?.[1];
  return hint === undefined ? undefined : (JSON.parse(hint) as string);
}

/**
 * Resolves once the runs are done; rejects with the report of the shrunk failure.
 * @example
 * await checkLifecycle({ name: 'gateway-semantic' }, fc.tuple(settings, fc.commands(all)), runOne, options);
 */
export async function checkLifecycle<S, C>(
  { name, firstStep, lastStep }: LifecycleNaming,
  arbitrary: fc.Arbitrary<LifecycleValue<S, C>>,
  runOne: (value: LifecycleValue<S, C>) => Promise<void>,
  options: LifecycleRunOptions,
): Promise<void> {
  const searchEnds = Date.now() + (options.seconds ?? Infinity) * 1000;
  let shrinkEnds: number | undefined;
  let runs = 0;
  let foundAt = 0;
  const property = fc.asyncProperty(arbitrary, async (value) => {
    // Past a deadline a candidate counts as passing without running: fast-check then keeps what it has.
    if (Date.now() > (shrinkEnds ?? searchEnds)) return true;
    runs += 1;
    try {
      await runOne(value);
    } catch (error) {
      if (shrinkEnds === undefined) {
        foundAt = runs;
        shrinkEnds = Date.now() + (options.shrinkSeconds ?? 60) * 1000;
      }
      throw error;
    }
    return true;
  });
  const details = await fc.check(property, {
    seed: options.seed,
    numRuns: options.numRuns,
    ...(options.path === undefined ? {} : { path: options.path }),
    verbose: 0,
  });
  if (!details.failed) return;
  const [settings, commands = []] = details.counterexample?.[0] ?? [];
  const error = details.errorInstance;
  const message = error instanceof Error ? error.message : String(error);
  const steps = commandsRun(commands);
  const replay = {
    seed: options.seed,
    maxSteps: options.maxSteps,
    path: details.counterexamplePath,
    replayPath: replayPathOf(commands),
  };
  throw new Error(
    [
      `lifecycle ${name} failed: ${message}`,
      `seed ${options.seed}, path ${details.counterexamplePath}: found by sequence ${foundAt}, then ${details.numShrinks} shrinks` +
        `${shrinkEnds !== undefined && Date.now() > shrinkEnds ? ', stopped at the shrink time bound' : ''}`,
      `shortest sequence found, settings ${JSON.stringify(settings)}, ${steps.length} steps:`,
      ...(firstStep === undefined ? [] : [`  0. ${firstStep} (every sequence begins with it)`]),
      ...steps.map((step, i) => `  ${i + 1}. ${step}`),
      ...(lastStep === undefined ? [] : [`  ${steps.length + 1}. ${lastStep} (every sequence ends with it)`]),
      `replay: LIFECYCLE_REPLAY='${JSON.stringify(replay)}' npm run fuzz (or these options and numRuns 1 to the runner)`,
    ].join('\n'),
  );
}
