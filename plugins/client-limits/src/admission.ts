/**
 * The check a request passes before any guard or cache: for each scope with limits (the key's, the
 * tenant's), spend and tokens already counted in the current period are read, a request slot is taken,
 * and the request is counted in its minute. The first limit reached ends the check; slots taken are
 * left in the admission for the plugin to release when the exchange settles. A request one scope
 * refuses in a step may still have been counted by the other scope in that step.
 */
import type { CallerLimits } from '@sluice/caller';
import { counterKey, type LimitScope } from './limit-keys.js';
import type { LimitStore } from './limit-store.js';
import type { ReachedLimit } from './rejection.js';
import { budgetWindow, minuteWindow, retryAfterSeconds } from './windows.js';

/** A counter lives this much past its window's end, so a gateway whose clock runs a little late still finds it. */
export const WINDOW_GRACE_MS = 60_000;

/**
 * One scope's limits: a client key's own, or its tenant's.
 * @example
 * const scoped: ScopedLimits = { scope: 'tenant', id: 'acme', limits: { requestsPerMinute: 600 } };
 */
export interface ScopedLimits {
  readonly scope: LimitScope;
  readonly id: string;
  readonly limits: CallerLimits;
}

/** Where a rate stands for the `x-ratelimit-*` headers: the tightest scope's figures. */
export interface RateStanding {
  readonly limit: number;
  readonly remaining: number;
  readonly resetMs: number;
}

/**
 * What the check left on the exchange: the slots it holds and the standings it measured.
 * @example
 * const admission: Admission = { leases: [] };
 */
export interface Admission {
  /** Slots held by this request, released once when it settles. */
  readonly leases: { readonly key: string; readonly lease: string }[];
  requests?: RateStanding;
  tokens?: RateStanding;
}

/**
 * Runs the check; resolves with the first limit reached, or undefined when the request may go on.
 * Store faults reject (the plugin decides whether to fail open).
 * @example
 * const reached = await admit(store, [{ scope: 'key', id: 'app', limits: { requestsPerMinute: 60 } }], Date.now(), randomUUID(), 60_000, admission);
 */
export async function admit(
  store: LimitStore,
  scopes: readonly ScopedLimits[],
  now: number,
  lease: string,
  leaseMs: number,
  admission: Admission,
): Promise<ReachedLimit | undefined> {
  const minute = minuteWindow(now);
  const afterTheFact = await readSpentAndTokens(store, scopes, now);
  for (const [i, { scope, id, limits }] of scopes.entries()) {
    const { spent, tokens } = afterTheFact[i]!;
    if (limits.budget !== undefined && spent >= limits.budget.microUsd) {
      const period = limits.budget.period;
      const retryAfter = retryAfterSeconds(budgetWindow(now, period).resetMs);
      return { scope, id, limit: 'budget', value: limits.budget.microUsd, used: spent, retryAfterSeconds: retryAfter, period };
    }
    if (limits.tokensPerMinute !== undefined) {
      const limit = limits.tokensPerMinute;
      tighten(admission, 'tokens', { limit, remaining: Math.max(0, limit - tokens), resetMs: minute.resetMs });
      if (tokens >= limit) {
        return { scope, id, limit: 'tokens', value: limit, used: tokens, retryAfterSeconds: retryAfterSeconds(minute.resetMs) };
      }
    }
  }
  // Scopes are asked at once in each step (the client pipelines them): three round trips whatever their number.
  const slotted = scopes.filter(({ limits }) => limits.concurrentRequests !== undefined);
  const held = await Promise.all(
    slotted.map(({ scope, id, limits }) =>
      store.acquire(counterKey('conc', scope, id), lease, limits.concurrentRequests!, now, leaseMs),
    ),
  );
  for (const [i, { scope, id }] of slotted.entries())
    if (held[i]!.taken) admission.leases.push({ key: counterKey('conc', scope, id), lease });
  for (const [i, { scope, id, limits }] of slotted.entries()) {
    const slot = held[i]!;
    // A slot frees when some request ends, which cannot be foretold: a second is a fair wait.
    if (!slot.taken)
      return { scope, id, limit: 'concurrency', value: limits.concurrentRequests!, used: slot.total, retryAfterSeconds: 1 };
  }
  const rated = scopes.filter(({ limits }) => limits.requestsPerMinute !== undefined);
  const ttlMs = minute.resetMs + WINDOW_GRACE_MS;
  const counted = await Promise.all(
    rated.map(({ scope, id, limits }) =>
      store.take(counterKey('rpm', scope, id, minute.id), 1, limits.requestsPerMinute!, ttlMs),
    ),
  );
  for (const [i, { limits }] of rated.entries()) {
    const limit = limits.requestsPerMinute!;
    tighten(admission, 'requests', { limit, remaining: Math.max(0, limit - counted[i]!.total), resetMs: minute.resetMs });
  }
  for (const [i, { scope, id, limits }] of rated.entries()) {
    const { taken, total } = counted[i]!;
    const retryAfter = retryAfterSeconds(minute.resetMs);
    if (!taken)
      return { scope, id, limit: 'requests', value: limits.requestsPerMinute!, used: total, retryAfterSeconds: retryAfter };
  }
  return undefined;
}

/**
 * The keys spend and tokens are added to once a request has settled, in the windows of `now`.
 * @example
 * const key = spendKey({ scope: 'tenant', id: 'acme', limits }, Date.now()); // 'spend:tenant:acme:2026-11-26'
 */
export function spendKey(scoped: ScopedLimits, now: number): { key: string; ttlMs: number } | undefined {
  const budget = scoped.limits.budget;
  if (budget === undefined) return undefined;
  const period = budgetWindow(now, budget.period);
  return {
    key: counterKey('spend', scoped.scope, scoped.id, `${budget.period}:${period.id}`),
    ttlMs: period.resetMs + WINDOW_GRACE_MS,
  };
}

/**
 * The tokens-per-minute counter of a scope in the minute of `now`, or undefined without that limit.
 * @example
 * const key = tokensKey({ scope: 'key', id: 'app', limits: { tokensPerMinute: 10_000 } }, Date.now());
 */
export function tokensKey(scoped: ScopedLimits, now: number): { key: string; ttlMs: number } | undefined {
  if (scoped.limits.tokensPerMinute === undefined) return undefined;
  const minute = minuteWindow(now);
  return { key: counterKey('tpm', scoped.scope, scoped.id, minute.id), ttlMs: minute.resetMs + WINDOW_GRACE_MS };
}

/** One read for every scope's spend and tokens so far; a scope without the limit reads zero. */
async function readSpentAndTokens(store: LimitStore, scopes: readonly ScopedLimits[], now: number) {
  const keys: string[] = [];
  const at = scopes.map((scoped) => {
    const spend = spendKey(scoped, now);
    const tokens = tokensKey(scoped, now);
    return {
      spend: spend === undefined ? -1 : keys.push(spend.key) - 1,
      tokens: tokens === undefined ? -1 : keys.push(tokens.key) - 1,
    };
  });
  const values = keys.length === 0 ? [] : await store.read(keys);
  return at.map(({ spend, tokens }) => ({ spent: spend < 0 ? 0 : values[spend]!, tokens: tokens < 0 ? 0 : values[tokens]! }));
}

function tighten(admission: Admission, rate: 'requests' | 'tokens', standing: RateStanding): void {
  const known = admission[rate];
  if (known === undefined || standing.remaining < known.remaining) admission[rate] = standing;
}
