/** The wait before each retry of a batch. */

/** Retry schedule of a batch: the first wait, and the cap that doubling stops at. */
export interface BackoffPolicy {
  readonly initialMs: number;
  readonly maxMs: number;
}

/**
 * Milliseconds to wait after failed attempt number `attempt` (1-based): doubling from the first wait,
 * capped. No jitter: one producer sends one batch at a time, so there is no herd to spread.
 * @example
 * backoffDelayMs(1, { initialMs: 250, maxMs: 10000 }); // 250
 * backoffDelayMs(3, { initialMs: 250, maxMs: 10000 }); // 1000
 */
export function backoffDelayMs(attempt: number, policy: BackoffPolicy): number {
  const exponent = Math.max(0, attempt - 1);
  // 2 ** 1024 is Infinity, which Math.min turns into the cap.
  return Math.min(policy.maxMs, policy.initialMs * 2 ** exponent);
}
