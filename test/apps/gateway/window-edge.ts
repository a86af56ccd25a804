/**
 * Limits and quotas count in fixed windows (a minute, an hour, a day). A test that fills one and expects the
 * next request refused fails by chance when a window ends in between: it waits for the next window instead.
 */
import { setTimeout as delay } from 'node:timers/promises';

/** Returns at once unless the current `windowMs` window ends within `edgeMs`; then after it has ended. */
export async function awayFromWindowEnd(windowMs: number, edgeMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < edgeMs) await delay(left + 200);
}
