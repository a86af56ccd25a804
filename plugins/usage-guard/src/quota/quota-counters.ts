/** Where quota counters live, and the one operation quotas need: check and add, atomically. */

/** One counter to add to: its key (without the store's prefix), the amount, its limit and its life. */
export interface QuotaCharge {
  readonly key: string;
  readonly amount: number;
  readonly limit: number;
  /** Milliseconds left in the counter's window; a new counter expires then. */
  readonly ttlMs: number;
}

export interface QuotaOutcome {
  /** Each counter's value after the charge (or what it would have been, when nothing was added). */
  readonly totals: readonly number[];
  /** Index of the first charge that passes its limit, or -1. */
  readonly exceeded: number;
  /** Whether the amounts were added. */
  readonly applied: boolean;
}

/**
 * A counter store. `charge` is atomic over all its charges: two gateways charging the same counters at
 * once never both fit under a limit that has room for one.
 */
export interface QuotaCounters {
  /**
   * Adds every amount. With `allOrNothing`, adds nothing when one charge would pass its limit (a
   * blocked request does not use up quota); without, adds regardless (the request goes on anyway).
   */
  charge(charges: readonly QuotaCharge[], allOrNothing: boolean): Promise<QuotaOutcome>;
  /** Whether the store answers now, and why not. */
  state(): { readonly up: boolean; readonly reason?: string };
  close(): Promise<void>;
}

/** The decision of a charge from the counters' current values; shared by every store. */
export function decideCharge(
  current: readonly number[],
  charges: readonly QuotaCharge[],
  allOrNothing: boolean,
): QuotaOutcome & { readonly add: boolean } {
  const totals = charges.map((charge, i) => (current[i] ?? 0) + charge.amount);
  const exceeded = charges.findIndex((charge, i) => (totals[i] ?? 0) > charge.limit);
  const add = !(allOrNothing && exceeded >= 0);
  return { totals: add ? totals : current.slice(0, charges.length), exceeded, applied: add, add };
}
