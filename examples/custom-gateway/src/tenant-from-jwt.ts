/**
 * Takes the tenant of each request from the client's JWT: `Authorization: Bearer <token>`, HS256
 * with your secret, the tenant in a claim. Every later tap (guards, caches, cost) and every later
 * evidence event sees that tenant, so caches and quotas are kept per tenant.
 */
import { GatewayError, Stage, type Exchange, type Kernel, type Plugin } from '@sluice/core';
import { verifyHs256 } from './jwt.js';
import {
  IDENTIFIED,
  identifiedDetails,
  PROBLEM_MESSAGES,
  REJECTED,
  rejectedDetails,
  type TenantProblem,
} from './tenant-evidence.js';
import { tenantFromJwtOptions, type TenantFromJwtOptions, type TenantFromJwtOptionsInput } from './tenant-options.js';

export const PLUGIN_NAME = 'tenant-from-jwt';

// #region stage
/**
 * Before every other tap, admission included: the model allowlist, the guards and the caches all
 * see the tenant the token names, and a request without a valid token is refused before anything
 * is spent on it.
 */
export const TENANT_FROM_JWT_STAGE = Stage.ADMISSION - 100;
// #endregion stage

/** Tenant ids end up in cache keys and evidence: short, printable, no separators of their own. */
const TENANT_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/**
 * @example
 * kernel.use(new TenantFromJwtPlugin({ secret: process.env.JWT_SECRET ?? '', tenantClaim: 'org' }));
 */
export class TenantFromJwtPlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  readonly options: Readonly<TenantFromJwtOptions>;

  constructor(options: TenantFromJwtOptionsInput) {
    this.options = tenantFromJwtOptions(PLUGIN_NAME, options);
  }

  // #region apply
  apply(kernel: Kernel): void {
    kernel.hooks.preGuard.tap({ name: PLUGIN_NAME, stage: TENANT_FROM_JWT_STAGE }, (exchange) => {
      this.#identify(kernel, exchange);
      return undefined;
    });
  }
  // #endregion apply

  // #region identify
  #identify(kernel: Kernel, exchange: Exchange): void {
    const token = BEARER.exec(exchange.headers.authorization ?? '')?.[1];
    // Without a token the request keeps the host's tenant, unless a token is required.
    if (token === undefined && !this.options.required) return;
    const problem = token === undefined ? 'missing' : this.#tenantOf(token, exchange);
    if (problem === undefined) {
      kernel.evidence(exchange, IDENTIFIED, identifiedDetails);
      return;
    }
    kernel.evidence(exchange, REJECTED, () => rejectedDetails(problem));
    // Thrown, not a Verdict: a missing credential is a 401 failure, not a policy block.
    throw new GatewayError('authentication_failed', { message: PROBLEM_MESSAGES[problem], guard: PLUGIN_NAME });
  }

  /** Sets the exchange's tenant from a valid token, or says what is wrong with it. */
  #tenantOf(token: string, exchange: Exchange): TenantProblem | undefined {
    const check = verifyHs256(token, this.options.secret, { clockToleranceSeconds: this.options.clockToleranceSeconds });
    if (!check.ok) return check.problem;
    const tenant = check.claims[this.options.tenantClaim];
    if (typeof tenant !== 'string' || !TENANT_ID.test(tenant)) return 'no_tenant';
    exchange.tenant = tenant;
    return undefined;
  }
  // #endregion identify
}
