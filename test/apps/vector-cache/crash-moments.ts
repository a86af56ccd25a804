/** When the crash suites pull the plug: during a save of the paired set, or once a write load is running. */
import { watch } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Child } from '../../fixtures/child-process.js';
import { call } from './service-process.js';
import type { WriteLoad } from './write-load.js';

/** Where a kill during a save lands: as a temp file of the set appears, or as one is renamed into place. */
export const SAVE_MOMENTS: readonly RegExp[] = [
  /^\.vcal\.index\.tmp-set-/,
  /^\.answers\.json\.tmp-set-/,
  /^\.tombstones\.json\.tmp-set-/,
  /^answers\.json$/,
  /^tombstones\.json$/,
];

/** A moment in words: `.answers.json.tmp-set-… appeared`, or `answers.json renamed into place`. */
export function momentName(moment: RegExp): string {
  const file = moment.source.replace(/[\\^$]/g, '');
  return file.startsWith('.') ? `${file}… appeared` : `${file} renamed into place`;
}

/** SIGKILLs `child` as soon as a file matching `moment` shows up in `dir` (a save under way). */
export function killDuringSave(dir: string, child: Child, moment: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dir, (_event, name) => {
      if (name === null || !moment.test(name)) return;
      child.signal('SIGKILL');
      watcher.close();
      clearTimeout(timer);
      resolve();
    });
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error(`no save touched ${moment} within 10 s`));
    }, 10_000);
  });
}

/** `/v1/snapshot/save` calls, one after another, until the server is gone. */
export class SaveLoop {
  /** Saves answered 200. */
  saved = 0;
  /** True while a save is sent and not answered: a kill now lands in a save. */
  inFlight = false;

  /** `pauseMs` draws the wait before each save (none by default: back to back). */
  constructor(
    readonly url: string,
    readonly unexpected: string[],
    readonly pauseMs: () => number = () => 0,
  ) {}

  /** Any answer but 200 is recorded in `unexpected`; resolves once a call fails at the transport. */
  async run(): Promise<void> {
    for (;;) {
      const pause = this.pauseMs();
      if (pause > 0) await sleep(pause);
      this.inFlight = true;
      let reply;
      try {
        reply = await call(this.url, 'POST', '/v1/snapshot/save', {});
      } catch {
        return;
      }
      this.inFlight = false;
      if (reply.status === 200) this.saved++;
      else this.unexpected.push(`snapshot/save: ${reply.status} ${reply.text}`);
    }
  }
}

/** Waits (at most 10 s) for the first acknowledged writes, so a kill lands in a load that is running. */
export async function warmedUp(load: WriteLoad): Promise<void> {
  const enough = load.acknowledged + 20;
  for (const deadline = Date.now() + 10_000; load.acknowledged < enough; await sleep(10)) {
    if (Date.now() > deadline) throw new Error(`${load.acknowledged} writes acknowledged in 10 s; ${load.unexpected.join('; ')}`);
  }
}
