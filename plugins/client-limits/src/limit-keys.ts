/**
 * Counter keys, below the store's prefix: `<kind>:<scope>:<id>:<window>`, e.g. `rpm:key:billing-app:29577060`.
 * Ids come from the configuration (key ids, tenant names), but a tenant may also be set by a plugin from
 * a token: an id that is long or holds characters outside a safe set is replaced by its digest, so a key
 * stays bounded and cannot run into its neighbour's.
 */
import { createHash } from 'node:crypto';

/** Whose limits: a client key's own, or its tenant's, which every key of the tenant shares. */
export type LimitScope = 'key' | 'tenant';

/** The kinds of counter, as they appear in keys. */
export type CounterKind = 'rpm' | 'tpm' | 'conc' | 'spend';

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The key of one counter of one scope, in one window (none for request slots, which outlive windows).
 * @example
 * counterKey('rpm', 'key', 'billing-app', '29577060'); // 'rpm:key:billing-app:29577060'
 * counterKey('conc', 'tenant', 'acme'); // 'conc:tenant:acme'
 */
export function counterKey(kind: CounterKind, scope: LimitScope, id: string, window?: string): string {
  const safe = SAFE_ID.test(id) ? id : `~${createHash('sha256').update(id).digest('hex').slice(0, 32)}`;
  return window === undefined ? `${kind}:${scope}:${safe}` : `${kind}:${scope}:${safe}:${window}`;
}
