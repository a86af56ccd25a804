/** Waits past an autosave tick (the service runs with a short SVC_AUTOSAVE_SECS): a tick changes nothing visible. */
import { setTimeout as sleep } from 'node:timers/promises';
import { gaugeValue } from '../agreement.js';
import { LifecycleCommand } from '../lifecycle-command.js';
import type { LiveService } from '../live-service.js';
import type { LifecycleModel } from '../model.js';

export class AutosaveTick extends LifecycleCommand {
  readonly kind = 'autosave tick';

  protected async act(model: LifecycleModel, live: LiveService): Promise<void> {
    // A tick shows as a save or a failed save: wait until one more than now, for at most two intervals.
    const before = await savesSoFar(live);
    const limit = 2 * model.autosaveSeconds * 1000 + 1000;
    const end = Date.now() + limit;
    while ((await savesSoFar(live)) <= before) {
      if (Date.now() > end) throw new Error(`no autosave within ${limit} ms with SVC_AUTOSAVE_SECS=${model.autosaveSeconds}`);
      await sleep(100);
    }
  }

  toString(): string {
    return 'autosaveTick';
  }
}

async function savesSoFar(live: LiveService): Promise<number> {
  const metrics = (await live.get('/metrics')).text;
  return (gaugeValue(metrics, 'svc_snapshot_saves_total') ?? 0) + (gaugeValue(metrics, 'svc_snapshot_save_failures_total') ?? 0);
}
