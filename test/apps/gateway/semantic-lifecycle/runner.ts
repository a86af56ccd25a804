/**
 * The semantic lifecycle: random seeded sequences of questions, clean stops, kills, starts, reloads and
 * prunes against the real gateway process, each step checked against the model of what was stored and
 * saved. Prints one line of counts at the end; throws the shrunk failure.
 */
import fc from 'fast-check';
import { startFakeUpstream } from '../../../fixtures/fake-upstream.js';
import { askAll, AskCommand, AskTogetherCommand, type Question } from './ask-commands.js';
import { checkLifecycle, commandsRun, type LifecycleRunOptions, type LifecycleValue } from './lifecycle-check.js';
import { LifecycleGateway } from './lifecycle-gateway.js';
import type { LifecycleReal } from './lifecycle-real.js';
import {
  KillAndStartCommand,
  KillCommand,
  PruneCommand,
  ReloadCommand,
  RestartCommand,
  startGateway,
  StartCommand,
  stopCleanly,
  StopCommand,
  WaitCommand,
} from './process-commands.js';
import { checkTopicsApart, TOPICS, VARIANTS } from './questions.js';
import { initialModel, type LifecycleSettings, type SemanticModel } from './semantic-model.js';
import { SemanticTally } from './semantic-tally.js';

type Command = fc.AsyncCommand<SemanticModel, LifecycleReal>;

const question: fc.Arbitrary<Question> = fc.record({
  topic: fc.integer({ min: 0, max: TOPICS.length - 1 }),
  variant: fc.integer({ min: 0, max: VARIANTS - 1 }),
});

const signal = fc.constantFrom('SIGTERM' as const, 'SIGINT' as const);

/**
 * Weights favour questions, which take milliseconds, over process changes, which take seconds; a command
 * that does not apply to the state (e.g. `ask` while stopped) is skipped.
 */
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 8, arbitrary: question.map((q) => new AskCommand(q)) },
  {
    weight: 3,
    arbitrary: fc
      .uniqueArray(question, { minLength: 2, maxLength: 3, selector: (q) => q.topic })
      .map((qs) => new AskTogetherCommand(qs)),
  },
  { weight: 2, arbitrary: signal.map((s) => new RestartCommand(s)) },
  { weight: 2, arbitrary: fc.constant(new KillAndStartCommand()) },
  { weight: 1, arbitrary: signal.map((s) => new StopCommand(s)) },
  { weight: 1, arbitrary: fc.constant(new KillCommand()) },
  { weight: 3, arbitrary: fc.constant(new StartCommand()) },
  { weight: 2, arbitrary: fc.constant(new ReloadCommand()) },
  { weight: 2, arbitrary: fc.constant(new PruneCommand()) },
  { weight: 1, arbitrary: fc.constantFrom(300, 1500).map((ms) => new WaitCommand(ms)) },
);

/** A long TTL (nothing expires) or a short one (entries expire within a sequence); autosave off or every second. */
const settings: fc.Arbitrary<LifecycleSettings> = fc.record({
  ttlSeconds: fc.constantFrom(3600, 4),
  autosaveSeconds: fc.constantFrom(0, 1),
});

/** Sequences of up to `maxSteps` commands, each with its settings. */
export function semanticSequences(
  maxSteps: number,
  replayPath?: string,
): fc.Arbitrary<LifecycleValue<LifecycleSettings, Command>> {
  return fc.tuple(
    settings,
    fc.commands([command], { maxCommands: maxSteps, size: 'max', ...(replayPath === undefined ? {} : { replayPath }) }),
  );
}

const END_STEP = 'start if stopped, ask every topic, stop(SIGTERM)';

/**
 * Every sequence ends by asking every topic (what the model says is surely stored must hit) and a clean
 * stop (exit 0), so a store that silently died, or a crash at the stop, is found whatever came last.
 */
async function endSequence(model: SemanticModel, real: LifecycleReal): Promise<void> {
  if (!model.running) await startGateway(model, real);
  await askAll(
    model,
    real,
    TOPICS.map((_, topic) => ({ topic, variant: 0 })),
  );
  await stopCleanly(model, real, 'SIGTERM');
}

/**
 * @example
 * const tally = await runSemanticLifecycle({ seed: 42, numRuns: 3, maxSteps: 20 });
 */
export async function runSemanticLifecycle(
  options: LifecycleRunOptions & { readonly log?: (line: string) => void },
): Promise<SemanticTally> {
  await checkTopicsApart();
  const log = options.log ?? ((line: string) => console.log(line));
  const upstream = await startFakeUpstream();
  const tally = new SemanticTally();
  const runOne = async ([chosen, commands]: LifecycleValue<LifecycleSettings, Command>) => {
    tally.sequences += 1;
    upstream.reset();
    const gateway = await LifecycleGateway.create(upstream, chosen);
    try {
      // Every sequence begins with a start, so most commands apply from the first.
      const model = initialModel(chosen);
      const real = { gateway, tally };
      await startGateway(model, real);
      await fc.asyncModelRun(() => ({ model, real }), commands);
      await endSequence(model, real);
    } finally {
      tally.steps += commandsRun(commands).length;
      await gateway.dispose();
    }
  };
  try {
    const naming = { name: 'gateway-semantic', firstStep: 'start', lastStep: END_STEP };
    await checkLifecycle(naming, semanticSequences(options.maxSteps, options.replayPath), runOne, options);
  } finally {
    await upstream.close();
    log(tally.summary(options.seed));
  }
  return tally;
}
