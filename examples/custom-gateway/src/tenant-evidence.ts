/**
 * The plugin's evidence: `tenant.identified` when a token named the tenant, `tenant.rejected` when
 * a request was refused. Reason codes and the tenant id only; never the token or its other claims.
 */
import type { EvidenceDetails, EvidenceHead } from '@sluice/core';
import type { JwtProblem } from './jwt.js';

/** Why a request was refused: a token problem, no token, or a token without a usable tenant claim. */
export type TenantProblem = JwtProblem | 'missing' | 'no_tenant';

export const IDENTIFIED: EvidenceHead = Object.freeze({
  source: 'gateway',
  category: 'security',
  event_type: 'tenant.identified',
  outcome: 'allowed',
});

export const REJECTED: EvidenceHead = Object.freeze({
  source: 'gateway',
  category: 'security',
  event_type: 'tenant.rejected',
  outcome: 'blocked',
});

// #region tag
/** Every event this plugin emits says where the tenant came from; the kernel adds `actor.tenant_id`. */
export const TENANT_SOURCE = { tenant_source: 'jwt' } as const;
// #endregion tag

export function identifiedDetails(): EvidenceDetails {
  return { decision: { action: 'allow', reason_code: 'TENANT_FROM_TOKEN' }, attributes: { ...TENANT_SOURCE } };
}

export function rejectedDetails(problem: TenantProblem): EvidenceDetails {
  return {
    decision: { action: 'reject', reason_code: `TOKEN_${problem.toUpperCase()}` },
    attributes: { ...TENANT_SOURCE, http_status: 401 },
  };
}

/** What the client reads in the 401: what was wrong, in words that hold nothing of the token. */
export const PROBLEM_MESSAGES: Readonly<Record<TenantProblem, string>> = Object.freeze({
  missing: 'A bearer token is required (Authorization: Bearer <token>).',
  malformed: 'The bearer token is not a well-formed JWT.',
  algorithm: 'The bearer token must be signed with HS256.',
  signature: 'The bearer token signature does not verify.',
  no_expiry: 'The bearer token has no exp claim.',
  expired: 'The bearer token has expired.',
  not_yet_valid: 'The bearer token is not valid yet (nbf).',
  no_tenant: 'The bearer token names no tenant.',
});
