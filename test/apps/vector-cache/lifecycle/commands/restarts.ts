/**
 * Stops and starts: SIGTERM (drain, final save, exit 0) or SIGKILL, then a start on the same data directory.
 * Neither changes the model: every acknowledged write survives both (SVC_DURABILITY=wal), and a log failure
 * is over with the process that had it.
 */
import assert from 'node:assert/strict';
import { LifecycleCommand, type LifecycleContext } from '../lifecycle-command.js';
import type { LiveService } from '../live-service.js';
import type { LifecycleModel } from '../model.js';

export type Stop = 'SIGTERM' | 'SIGKILL';

/** Stops the service the way `stop` says and counts it. */
export async function stopService(command: LifecycleCommand, live: LiveService, stop: Stop): Promise<void> {
  if (stop === 'SIGKILL') {
    await live.kill();
    command.context.tally.kills += 1;
    return;
  }
  const { code, signal, output } = await live.terminate();
  assert.deepEqual(
    { code, signal },
    { code: 0, signal: null },
    `${command}: SIGTERM did not end in exit 0; last output:\n${output}`,
  );
  command.context.tally.cleanRestarts += 1;
}

export class Restart extends LifecycleCommand {
  readonly kind: string;

  constructor(
    context: LifecycleContext,
    readonly stop: Stop,
  ) {
    super(context);
    this.kind = stop === 'SIGKILL' ? 'kill and start' : 'stop and start';
  }

  protected async act(model: LifecycleModel, live: LiveService): Promise<void> {
    await stopService(this, live, this.stop);
    await live.start();
    model.failed = false;
  }

  toString(): string {
    return `restart(${this.stop})`;
  }
}
