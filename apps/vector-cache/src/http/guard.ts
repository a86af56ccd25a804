/** Per-route access: public, app key or admin key, when `SVC_AUTH_REQUIRED=1`. */
import type { Middleware } from 'koa';
import { ServiceError } from '../service-error.js';
import type { KeyScope, ServiceContext } from './service-context.js';

/**
 * An admin key may do everything an app key may. No key or a wrong key: 401; an app key on an
 * admin route: 403.
 * @example
 * router.post('/v1/snapshot/save', requireKey(service, 'admin'), handler);
 */
export function requireKey(service: ServiceContext, scope: KeyScope): Middleware {
  return async (ctx, next) => {
    if (service.settings.authRequired) {
      const presented = service.authenticate(ctx.req.headers);
      if (presented === undefined) {
        // A 401 must name a scheme the client can answer with (RFC 9110 §11.6.1).
        ctx.set('WWW-Authenticate', 'Bearer realm="sluice vector cache"');
        throw new ServiceError('UNAUTHENTICATED', 'A valid API key is required (X-SVC-Key or Authorization: Bearer).');
      }
      if (scope === 'admin' && presented !== 'admin') {
        throw new ServiceError('PERMISSION_DENIED', 'This endpoint needs an admin key.');
      }
    }
    await next();
  };
}
