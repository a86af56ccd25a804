/**
 * The scope the cache layers key entries by: whose entries a request may read and overwrite. A tenant's
 * own pool without a namespace is the bare tenant name, exactly as entries were keyed before scopes had
 * any other part, so stored entries (the semantic store persists on disk) stay reachable.
 */

/**
 * Opens every scope that is not a bare tenant name. No bare name contains it (such a name takes the long
 * form), a JSON string escapes it, and a namespace cannot hold it: so no two pools share a scope.
 */
const SEPARATOR = '\u001f';

/**
 * What a namespace may be: short, and made of characters that need no escaping in a store key or a log.
 * Linear: one character class, one bounded repetition.
 * @example
 * NAMESPACE_PATTERN.test('billing:v2'); // true
 */
export const NAMESPACE_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Where a request's entries live.
 * @example
 * const parts: ScopeParts = { tenant: exchange.tenant, shared: callerOf(exchange)?.cacheShare ?? false };
 */
export interface ScopeParts {
  /** The request's tenant (`exchange.tenant`). */
  readonly tenant: string;
  /** The pool every tenant whose key shares shares, instead of the tenant's own. */
  readonly shared: boolean;
  /** A sub-scope the client chose, already checked against the namespace pattern. */
  readonly namespace?: string | undefined;
}

/**
 * The scope of a tenant's or the shared pool, and a namespace inside it. Two different (pool, namespace)
 * pairs never give the same scope, whatever a tenant's name holds.
 * @example
 * cacheScope({ tenant: 'acme', shared: false }); // 'acme'
 * cacheScope({ tenant: 'acme', shared: false, namespace: 'billing' }); // '\u001ftenant"acme"\u001fbilling'
 * cacheScope({ tenant: 'acme', shared: true }); // '\u001fshared\u001f'
 */
export function cacheScope(parts: ScopeParts): string {
  const { tenant, shared } = parts;
  // An empty namespace is none, so a tenant's own pool keeps its bare name.
  const namespace = parts.namespace === '' ? undefined : parts.namespace;
  if (namespace !== undefined && !NAMESPACE_PATTERN.test(namespace)) {
    throw new TypeError(`cacheScope(): a namespace matches ${String(NAMESPACE_PATTERN)}`);
  }
  if (!shared && namespace === undefined && !tenant.includes(SEPARATOR)) return tenant;
  const pool = shared ? 'shared' : `tenant${JSON.stringify(tenant)}`;
  return `${SEPARATOR}${pool}${SEPARATOR}${namespace ?? ''}`;
}
