/**
 * What a settled request adds to the limits after the fact: the tokens its upstream call used, to the
 * tokens-per-minute counters, and its cost, to the budgets. A cache hit made no upstream call and adds
 * nothing (its usage is the cached answer's, not spent now).
 */
import type { Exchange, Usage } from '@sluice/core';
import { requestCost } from '@sluice/plugin-cost-meter';
import { spendKey, tokensKey, type ScopedLimits } from './admission.js';
import type { LimitScope } from './limit-keys.js';

/**
 * One counter to add to: its key, the amount, its lifetime, and the scope whose spend it is.
 * @example
 * const addition: Addition = { key: 'spend:tenant:acme:day:2026-11-26', amount: 120, ttlMs: 3_600_000, spendOf: 'tenant' };
 */
export interface Addition {
  readonly key: string;
  readonly amount: number;
  readonly ttlMs: number;
  /** Set on spend, for the spend counter. */
  readonly spendOf?: LimitScope;
}

/**
 * The additions a settled exchange makes to its scopes' counters.
 * @example
 * for (const { key, amount, ttlMs } of settledAdditions(exchange, scopes, Date.now())) void store.add(key, amount, ttlMs);
 */
export function settledAdditions(exchange: Exchange, scopes: readonly ScopedLimits[], now: number): Addition[] {
  if (exchange.cache.status === 'hit') return [];
  // The upstream plugin records the usage it validated; a third-party upstream may only put it in the body.
  const tokens = usageTokens(exchange.usage ?? exchange.response?.body.usage);
  const spent = requestCost(exchange).requestMicroUsd;
  const additions: Addition[] = [];
  for (const scoped of scopes) {
    const tpm = tokensKey(scoped, now);
    if (tpm !== undefined && tokens > 0) additions.push({ ...tpm, amount: tokens });
    const spend = spendKey(scoped, now);
    if (spend !== undefined && spent > 0) additions.push({ ...spend, amount: Math.round(spent), spendOf: scoped.scope });
  }
  return additions;
}

function usageTokens(usage: Usage | undefined): number {
  if (usage === undefined) return 0;
  const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n) : 0);
  return count(usage.prompt_tokens) + count(usage.completion_tokens);
}
