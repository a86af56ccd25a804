/**
 * Turns a policy's quotas into counter charges. Windows are fixed and aligned to the epoch (a minute
 * window is a clock minute), so every gateway names the same counter for the same moment; the key
 * carries the window's index, and the counter expires when its window ends.
 */
import type { CompiledPolicy, CompiledQuota } from '../policy/compiled-policy.js';
import type { QuotaCharge } from './quota-counters.js';

export type QuotaUnit = 'requests' | 'prompt_tokens';

export interface PlannedCharge extends QuotaCharge {
  readonly quota: CompiledQuota;
  readonly unit: QuotaUnit;
}

/**
 * @example
 * const charges = planQuotaCharges(policy, 'acme', 120, Date.now());
 */
export function planQuotaCharges(policy: CompiledPolicy, tenant: string, promptTokens: number, now: number): PlannedCharge[] {
  const charges: PlannedCharge[] = [];
  for (const quota of policy.quotas) {
    const windowMs = quota.windowSeconds * 1000;
    const index = Math.floor(now / windowMs);
    const ttlMs = (index + 1) * windowMs - now;
    // The tenant is encoded so that no tenant id can spell another tenant's key.
    const base = `${encodeURIComponent(tenant)}:${policy.id}:${quota.id}:${quota.windowSeconds}:${index}`;
    if (quota.requests !== undefined) {
      charges.push({ quota, unit: 'requests', key: `${base}:requests`, amount: 1, limit: quota.requests, ttlMs });
    }
    if (quota.promptTokens !== undefined) {
      charges.push({
        quota,
        unit: 'prompt_tokens',
        key: `${base}:prompt_tokens`,
        amount: promptTokens,
        limit: quota.promptTokens,
        ttlMs,
      });
    }
  }
  return charges;
}
