/**
 * The process's life: start, clean stop (SIGTERM or SIGINT, exit 0), SIGKILL, SIGHUP reload, and the prune
 * command while stopped. Each checks what the process did and moves the model: a clean stop and a reload
 * save the store, a start loads what was saved, a prune removes what had expired.
 */
import type fc from 'fast-check';
import { setTimeout as sleep } from 'node:timers/promises';
import { observePrune, observeSaved, observeStarted, describeDisk, type SemanticModel } from './semantic-model.js';
import type { LifecycleReal } from './lifecycle-real.js';

type Command = fc.AsyncCommand<SemanticModel, LifecycleReal>;

function failure(real: LifecycleReal, what: string, output = real.gateway.tail()): Error {
  return new Error(`${what}\ngateway output:\n${output}`);
}

/** Starts the process; it must listen and be ready, with the store the disk held. */
export async function startGateway(model: SemanticModel, real: LifecycleReal): Promise<void> {
  const ready = await real.gateway.start().catch((error: unknown) => {
    throw failure(real, `the gateway did not start: ${(error as Error).message}`);
  });
  if (ready.readyz !== 200) throw failure(real, `/readyz answered ${ready.readyz} ${ready.body} after the start`);
  real.tally.starts += 1;
  if (model.stoppedBy === 'clean') real.tally.cleanRestarts += 1;
  observeStarted(model);
}

/** SIGTERM or SIGINT: the process must exit 0, having saved the store. */
export async function stopCleanly(model: SemanticModel, real: LifecycleReal, signal: 'SIGTERM' | 'SIGINT'): Promise<void> {
  const exit = await real.gateway.stop(signal);
  const traffic = model.trafficSinceStart ? 'after traffic' : 'with no traffic since the start';
  if (exit.code !== 0 || exit.signal !== null) {
    throw failure(real, `${signal} ${traffic}: the gateway ended with code ${exit.code} signal ${exit.signal}, not 0`);
  }
  real.tally.cleanStops += 1;
  observeSaved(model);
  model.running = false;
  model.stoppedBy = 'clean';
}

async function kill(model: SemanticModel, real: LifecycleReal): Promise<void> {
  const exit = await real.gateway.stop('SIGKILL');
  if (exit.signal !== 'SIGKILL')
    throw failure(real, `SIGKILL: the gateway ended with code ${exit.code} signal ${exit.signal} first`);
  real.tally.kills += 1;
  model.running = false;
  model.stoppedBy = 'kill';
}

export class StartCommand implements Command {
  check = (model: Readonly<SemanticModel>) => !model.running;
  run = startGateway;
  toString = () => 'start';
}

/** A clean stop that leaves the gateway stopped (a start or a prune may follow). */
export class StopCommand implements Command {
  constructor(readonly signal: 'SIGTERM' | 'SIGINT') {}
  check = (model: Readonly<SemanticModel>) => model.running;
  run = (model: SemanticModel, real: LifecycleReal) => stopCleanly(model, real, this.signal);
  toString = () => `stop(${this.signal})`;
}

export class RestartCommand implements Command {
  constructor(readonly signal: 'SIGTERM' | 'SIGINT') {}
  check = (model: Readonly<SemanticModel>) => model.running;
  async run(model: SemanticModel, real: LifecycleReal): Promise<void> {
    await stopCleanly(model, real, this.signal);
    await startGateway(model, real);
  }
  toString = () => `restart(${this.signal})`;
}

export class KillAndStartCommand implements Command {
  check = (model: Readonly<SemanticModel>) => model.running;
  async run(model: SemanticModel, real: LifecycleReal): Promise<void> {
    await kill(model, real);
    await startGateway(model, real);
  }
  toString = () => 'kill+start';
}

export class KillCommand implements Command {
  check = (model: Readonly<SemanticModel>) => model.running;
  run = kill;
  toString = () => 'kill';
}

export class ReloadCommand implements Command {
  check = (model: Readonly<SemanticModel>) => model.running;
  async run(model: SemanticModel, real: LifecycleReal): Promise<void> {
    const outcome = await real.gateway.reload(!model.otherModel);
    if (!/configuration reloaded/.test(outcome)) throw failure(real, `SIGHUP: ${outcome}`);
    const ready = await real.gateway.readyz();
    if (ready.readyz !== 200) throw failure(real, `/readyz answered ${ready.readyz} ${ready.body} after a reload`);
    model.otherModel = !model.otherModel;
    real.tally.reloads += 1;
    // The reload writes the store to disk, and the new runtime opens it from there.
    observeSaved(model);
    const traffic = model.trafficSinceStart;
    observeStarted(model);
    model.trafficSinceStart = traffic;
  }
  toString = () => 'reload';
}

export class PruneCommand implements Command {
  check = (model: Readonly<SemanticModel>) => !model.running;
  async run(model: SemanticModel, real: LifecycleReal): Promise<void> {
    const pruned = await real.gateway.prune();
    if (pruned.exit.code !== 0 || pruned.removed === undefined) {
      throw failure(real, `the prune ended with code ${pruned.exit.code} signal ${pruned.exit.signal}`, pruned.output);
    }
    const before = describeDisk(model);
    const { min, max } = observePrune(model, pruned.window);
    if (pruned.removed < min || pruned.removed > max) {
      throw failure(real, `the prune removed ${pruned.removed} entries; ${min} to ${max} had expired (${before})`, pruned.output);
    }
    real.tally.prunes += 1;
  }
  toString = () => 'prune';
}

/** Lets time pass, so entries of a short TTL expire between the other steps. */
export class WaitCommand implements Command {
  constructor(readonly ms: number) {}
  check = (model: Readonly<SemanticModel>) => model.settings.ttlSeconds < 60;
  run = async () => void (await sleep(this.ms));
  toString = () => `wait(${this.ms}ms)`;
}
