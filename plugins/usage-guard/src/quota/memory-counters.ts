/**
 * Quota counters in process: Keyv over a Map. Keyv has no increment, so charges are serialised
 * through one promise chain, which makes check-and-add atomic within this process (the only one that
 * sees these counters). Expired windows are swept once a minute, since Keyv drops them only when read.
 */
import { Keyv } from 'keyv';
import { decideCharge, type QuotaCounters } from './quota-counters.js';

const SWEEP_MS = 60_000;

/**
 * @example
 * const counters = memoryQuotaCounters();
 * await counters.charge([{ key: 'acme:rpm', amount: 1, limit: 60, ttlMs: 60_000 }], true);
 */
export function memoryQuotaCounters(): QuotaCounters {
  const keyv = new Keyv<number>({ store: new Map(), useKeyPrefix: false });
  let queue: Promise<unknown> = Promise.resolve();
  const sweep = setInterval(() => {
    queue = queue
      .then(async () => {
        // Iterating deletes the entries whose time has passed.
        for await (const entry of keyv.iterator?.(undefined) ?? []) void entry;
      })
      .catch(() => undefined);
  }, SWEEP_MS).unref();
  return {
    charge(charges, allOrNothing) {
      const run = queue.then(async () => {
        const current = await Promise.all(charges.map(async (c) => (await keyv.get(c.key)) ?? 0));
        const outcome = decideCharge(current, charges, allOrNothing);
        if (outcome.add) {
          // The key names its window, so the remaining time of the window is the counter's whole life.
          await Promise.all(charges.map((c, i) => keyv.set(c.key, outcome.totals[i] ?? 0, Math.max(1, c.ttlMs))));
        }
        return { totals: outcome.totals, exceeded: outcome.exceeded, applied: outcome.applied };
      });
      queue = run.catch(() => undefined);
      return run;
    },
    state: () => ({ up: true }),
    close: async () => {
      clearInterval(sweep);
      await keyv.clear();
    },
  };
}
