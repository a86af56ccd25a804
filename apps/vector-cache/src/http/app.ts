/** The Koa application of the vector answer cache: the error envelope, then every route. */
import Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import { mountAdminRoutes } from './admin-routes.js';
import { mountApiDocs } from './api-docs.js';
import { mountDataRoutes } from './data-routes.js';
import { errorEnvelope } from './error-envelope.js';
import { openApiDocument } from './openapi.js';
import { mountProbeRoutes } from './probe-routes.js';
import type { ServiceContext } from './service-context.js';

/**
 * @example
 * const app = createVectorCacheApp(service, [drain.middleware()]);
 * http.createServer(app.callback()).listen(8090, '127.0.0.1');
 */
export function createVectorCacheApp(service: ServiceContext, before: readonly Middleware[] = []): Koa {
  const app = new Koa();
  app.silent = true;
  app.use(errorEnvelope(service.logger, service.metrics));
  for (const middleware of before) app.use(middleware);
  const router = new Router();
  mountProbeRoutes(router, service);
  mountDataRoutes(router, service);
  mountAdminRoutes(router, service);
  mountApiDocs(router, openApiDocument({ dims: service.settings.dims, version: service.version }));
  app.use(router.routes());
  // Not thrown: only the non-throwing form sets the Allow header a 405 must carry (RFC 9110 §15.5.6).
  app.use(router.allowedMethods());
  return app;
}
