/** A wait that a deadline can cut short. */

/**
 * Resolves true after `ms`, or false as soon as `signal` aborts.
 * @example
 * if (!(await abortableDelay(250, deadline.signal))) return; // shutting down
 */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
