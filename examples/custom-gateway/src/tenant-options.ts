/**
 * Options of the tenant-from-JWT plugin, checked when the plugin is made. Checked by hand: this
 * package depends on the gateway preset and core only, and four fields do not need a schema library.
 */
import { PluginOptionsError } from '@sluice/core';

export interface TenantFromJwtOptions {
  /** The HS256 key your sign-in service signs tokens with; at least 32 bytes (RFC 7518 §3.2). */
  readonly secret: string;
  /** The claim that names the tenant. Default `tenant`. */
  readonly tenantClaim: string;
  /** Refuse a request without a token (401). Off: such a request keeps the default tenant. Default on. */
  readonly required: boolean;
  /** Clock skew allowed on `exp` and `nbf`. Default 30 seconds. */
  readonly clockToleranceSeconds: number;
}

export type TenantFromJwtOptionsInput = Pick<TenantFromJwtOptions, 'secret'> & Partial<TenantFromJwtOptions>;

const MIN_SECRET_BYTES = 32;
const KNOWN = new Set(['secret', 'tenantClaim', 'required', 'clockToleranceSeconds']);

/**
 * Fills the defaults and refuses a bad field with every problem at once; the secret is never echoed.
 * @example
 * const options = tenantFromJwtOptions('tenant-from-jwt', { secret: process.env.JWT_SECRET ?? '' });
 */
export function tenantFromJwtOptions(plugin: string, input: TenantFromJwtOptionsInput): Readonly<TenantFromJwtOptions> {
  const options = { tenantClaim: 'tenant', required: true, clockToleranceSeconds: 30, ...input };
  const problems: { path: string; message: string }[] = [];
  for (const key of Object.keys(input)) if (!KNOWN.has(key)) problems.push({ path: key, message: 'is not an option' });
  if (typeof options.secret !== 'string' || Buffer.byteLength(options.secret) < MIN_SECRET_BYTES)
    problems.push({ path: 'secret', message: `must be a string of at least ${MIN_SECRET_BYTES} bytes` });
  if (typeof options.tenantClaim !== 'string' || options.tenantClaim === '')
    problems.push({ path: 'tenantClaim', message: 'must be a non-empty string' });
  if (typeof options.required !== 'boolean') problems.push({ path: 'required', message: 'must be a boolean' });
  if (typeof options.clockToleranceSeconds !== 'number' || !(options.clockToleranceSeconds >= 0))
    problems.push({ path: 'clockToleranceSeconds', message: 'must be a number >= 0' });
  if (problems.length > 0) throw new PluginOptionsError(plugin, problems);
  return Object.freeze({
    secret: options.secret,
    tenantClaim: options.tenantClaim,
    required: options.required,
    clockToleranceSeconds: options.clockToleranceSeconds,
  });
}
