/** Liveness, readiness and metrics. */
import type Router from '@koa/router';
import { processMetrics } from '@sluice/core';
import { ServiceError } from '../service-error.js';
import { requireKey } from './guard.js';
import type { ServiceContext } from './service-context.js';

/**
 * `/healthz` is public; `/readyz` needs a key when auth is required; `/metrics` too unless
 * `SVC_ALLOW_METRICS_WITHOUT_AUTH=1`.
 * @example
 * mountProbeRoutes(router, service);
 */
export function mountProbeRoutes(router: Router, service: ServiceContext): void {
  const app = requireKey(service, 'app');
  router.get('/healthz', (ctx) => {
    ctx.type = 'text/plain';
    ctx.body = 'ok';
  });
  router.get('/readyz', app, async (ctx) => {
    const reason = await service.notReady();
    if (reason !== undefined) throw new ServiceError('UNAVAILABLE', `not ready: ${reason}`);
    ctx.type = 'text/plain';
    ctx.body = 'ready';
  });
  const metricsAccess = service.settings.allowMetricsWithoutAuth ? [] : [app];
  router.get('/metrics', ...metricsAccess, async (ctx) => {
    ctx.type = service.metrics.registry.contentType;
    // Each exposition ends with a newline, so the two join as one.
    ctx.body = (await service.metrics.registry.metrics()) + (await processMetrics().metrics());
  });
}
