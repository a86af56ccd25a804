/**
 * The windows counters are kept in: fixed minutes for rates, calendar days and months (UTC) for
 * budgets. A window's id is part of its counter key, so every gateway sharing a store counts in the
 * same window whatever its uptime, and an old window's counter simply stops being read.
 */
import type { CallerLimits } from '@sluice/caller';

const MINUTE_MS = 60_000;

/**
 * One window: its id (in counter keys) and the milliseconds until the next one begins.
 * @example
 * const { id, resetMs } = minuteWindow(Date.now()); // e.g. '29577060', 12_345
 */
export interface LimitWindow {
  readonly id: string;
  readonly resetMs: number;
}

/** A budget's period: a calendar day or month, UTC. */
export type BudgetPeriod = NonNullable<CallerLimits['budget']>['period'];

/**
 * The minute `now` falls in (minutes since the epoch).
 * @example
 * minuteWindow(Date.UTC(2026, 0, 1, 0, 0, 59)).resetMs; // 1000
 */
export function minuteWindow(now: number): LimitWindow {
  const minute = Math.floor(now / MINUTE_MS);
  return { id: String(minute), resetMs: (minute + 1) * MINUTE_MS - now };
}

/**
 * The calendar day (`2026-11-26`) or month (`2026-11`), UTC, that `now` falls in.
 * @example
 * budgetWindow(Date.UTC(2026, 10, 30, 23, 0), 'month'); // { id: '2026-11', resetMs: 3_600_000 }
 */
export function budgetWindow(now: number, period: BudgetPeriod): LimitWindow {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const monthId = `${year}-${String(month + 1).padStart(2, '0')}`;
  if (period === 'month') return { id: monthId, resetMs: Date.UTC(year, month + 1, 1) - now };
  const day = date.getUTCDate();
  return { id: `${monthId}-${String(day).padStart(2, '0')}`, resetMs: Date.UTC(year, month, day + 1) - now };
}

/**
 * Whole seconds a client should wait (`Retry-After`), never zero: a window that ends in 200 ms is still
 * worth one second's wait.
 * @example
 * retryAfterSeconds(12_001); // 13
 */
export function retryAfterSeconds(resetMs: number): number {
  return Math.max(1, Math.ceil(resetMs / 1000));
}
