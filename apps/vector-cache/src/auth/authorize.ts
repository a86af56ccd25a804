/** Decides whether a caller's key kind may use an endpoint of a given scope. */

/** The two kinds of API key. */
export type KeyKind = 'app' | 'admin';

/** `unauthenticated` answers 401 (`UNAUTHENTICATED`), `permission_denied` answers 403 (`PERMISSION_DENIED`). */
export type AuthDecision = 'ok' | 'unauthenticated' | 'permission_denied';

/**
 * An admin key may do everything an app key may; no key or a wrong key is unauthenticated; an app key on an
 * admin endpoint is a permission problem, not an identity problem.
 *
 * @example
 * authorize('admin', keys.authenticate(ctx.headers)); // 'permission_denied' for an app key
 */
export function authorize(scope: KeyKind, presented: KeyKind | undefined): AuthDecision {
  if (presented === undefined) return 'unauthenticated';
  if (scope === 'admin' && presented !== 'admin') return 'permission_denied';
  return 'ok';
}
