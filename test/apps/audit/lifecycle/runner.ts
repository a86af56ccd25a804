/**
 * The audit lifecycle: random seeded sequences of concurrent batches (retries among them), SIGKILLs and
 * clean stops with batches in flight or idle, restarts, ordered reads and `sluice audit verify`, against
 * the real `sluice audit` process, each step checked against the model of what was acknowledged. Prints
 * one line of counts at the end; throws the shrunk failure.
 */
import fc from 'fast-check';
import {
  checkLifecycle,
  commandsRun,
  type LifecycleRunOptions,
  type LifecycleValue,
} from '../../gateway/semantic-lifecycle/lifecycle-check.js';
import {
  RestartCommand,
  ReadCommand,
  StartCommand,
  startAudit,
  StopCommand,
  stopAudit,
  VerifyCommand,
} from './audit-commands.js';
import { initialAuditModel, type AuditModel } from './audit-model.js';
import type { AuditReal } from './audit-real.js';
import { AuditTally } from './audit-tally.js';
import { batchSpec } from './batch-specs.js';
import { LifecycleAudit } from './lifecycle-audit.js';
import { PostCommand, PostThenSignalCommand, verifyStore } from './post-commands.js';

type Command = fc.AsyncCommand<AuditModel, AuditReal>;

const specs = fc.array(batchSpec, { minLength: 1, maxLength: 4 });
const cleanSignal = fc.constantFrom('SIGTERM' as const, 'SIGINT' as const);

/** Weights favour batches and reads, which take milliseconds, over process changes and verifies, which take seconds. */
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.tuple(specs, fc.integer({ min: 0, max: 4 })).map(([s, roll]) => new PostCommand(s, roll === 0)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        specs,
        fc.constantFrom('SIGKILL' as const, 'SIGKILL' as const, 'SIGTERM' as const, 'SIGINT' as const),
        fc.nat({ max: 40 }),
      )
      .map(([s, signal, delay]) => new PostThenSignalCommand(s, signal, delay)),
  },
  { weight: 1, arbitrary: fc.constant(new RestartCommand('SIGKILL')) },
  { weight: 1, arbitrary: cleanSignal.map((signal) => new RestartCommand(signal)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('SIGKILL' as const, 'SIGTERM' as const, 'SIGINT' as const).map((s) => new StopCommand(s)),
  },
  { weight: 4, arbitrary: fc.constant(new StartCommand()) },
  {
    weight: 3,
    arbitrary: fc
      .record({
        via: fc.constantFrom('pages' as const, 'pages' as const, 'export' as const, 'trace' as const),
        limit: fc.integer({ min: 1, max: 1000 }),
        fromPercent: fc.integer({ min: 0, max: 100 }),
      })
      .map((plan) => new ReadCommand(plan)),
  },
  { weight: 1, arbitrary: fc.constant(new VerifyCommand()) },
);

/** No settings vary between sequences; the tuple keeps the shape the checker reports. */
export function auditSequences(maxSteps: number, replayPath?: string): fc.Arbitrary<LifecycleValue<null, Command>> {
  return fc.tuple(
    fc.constant(null),
    fc.commands([command], { maxCommands: maxSteps, size: 'max', ...(replayPath === undefined ? {} : { replayPath }) }),
  );
}

const END_STEP = 'start if stopped, stop(SIGTERM), verify';

/** Every sequence ends with a clean stop and a verify of the file it left, which must hold the chain exactly. */
async function endSequence(model: AuditModel, real: AuditReal): Promise<void> {
  if (!model.running) await startAudit(model, real);
  await stopAudit(model, real, 'SIGTERM');
  await verifyStore(real, (n) => n === model.chain.length, `${model.chain.length} events`);
}

/**
 * @example
 * const tally = await runAuditLifecycle({ seed: 42, numRuns: 3, maxSteps: 20 });
 */
export async function runAuditLifecycle(
  options: LifecycleRunOptions & { readonly log?: (line: string) => void },
): Promise<AuditTally> {
  const log = options.log ?? ((line: string) => console.log(line));
  const tally = new AuditTally();
  const runOne = async ([, commands]: LifecycleValue<null, Command>) => {
    tally.sequences += 1;
    const audit = await LifecycleAudit.create();
    try {
      const model = initialAuditModel();
      const real = { audit, tally };
      await startAudit(model, real);
      await fc.asyncModelRun(() => ({ model, real }), commands);
      await endSequence(model, real);
    } finally {
      tally.steps += commandsRun(commands).length;
      await audit.dispose();
    }
  };
  try {
    await checkLifecycle(
      { name: 'audit', firstStep: 'start', lastStep: END_STEP },
      auditSequences(options.maxSteps, options.replayPath),
      runOne,
      options,
    );
  } finally {
    log(tally.summary(options.seed));
  }
  return tally;
}
