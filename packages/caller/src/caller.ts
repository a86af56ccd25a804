/**
 * Who is calling: what a client key admits a request as. The key plugin sets it before any guard or
 * cache runs; caches, limits and evidence read it. A request with no caller (client keys off, or
 * optional and none sent) is the `default` tenant with every per-key choice at its default.
 */
import { createSlot, type Exchange } from '@sluice/core';
import type { CallerLimits } from './limits.js';

/**
 * The identity and policy of one client key. `keyId` is the key's public name (never its secret).
 * @example
 * const caller: Caller = { keyId: 'billing-app', tenant: 'acme', cacheShare: false, cacheControls: true, limits: {} };
 */
export interface Caller {
  /** The key's id, evidence's `actor.application_id`; safe to log. */
  readonly keyId: string;
  readonly tenant: string;
  /** Models the key may ask for; absent: any model the gateway serves. */
  readonly models?: readonly string[];
  /** Whether this key reads and writes the caches' shared pool instead of its tenant's own. */
  readonly cacheShare: boolean;
  /** Whether the key's per-request cache controls (`Cache-Control`, `x-sluice-cache-*`) are honoured. */
  readonly cacheControls: boolean;
  readonly limits: CallerLimits;
}

const CALLER = createSlot<{ caller: Caller | undefined }>('caller', () => ({ caller: undefined }));

/**
 * The caller a key admitted this request as, or undefined when none did.
 * @example
 * const share = callerOf(exchange)?.cacheShare ?? false;
 */
export function callerOf(exchange: Exchange): Caller | undefined {
  return exchange.slot(CALLER).caller;
}

/**
 * Admits the request as `caller`: its tenant and key id become the exchange's tenant and application,
 * which caches, quotas and evidence are scoped by.
 * @example
 * admitCaller(exchange, { keyId: 'billing-app', tenant: 'acme', cacheShare: false, cacheControls: true, limits: {} });
 */
export function admitCaller(exchange: Exchange, caller: Caller): void {
  exchange.slot(CALLER).caller = caller;
  exchange.tenant = caller.tenant;
  exchange.application = caller.keyId;
}

/**
 * The tenant a guard module is told: a key's tenant always (tenants never share mappings or quotas), else
 * the tenant the operator configured for the module, else the request's.
 * @example
 * const tenant_id = moduleTenant(exchange, options.tenantId);
 */
export function moduleTenant(exchange: Exchange, configured: string | undefined): string {
  return callerOf(exchange) === undefined ? (configured ?? exchange.tenant) : exchange.tenant;
}
