/** The app's own routes: public ones (health, metrics) and its API, which needs a user. */
import Router from '@koa/router';
import type { Metrics } from '@sluice/core';
import type { ProbeResult } from '@sluice/gateway';
import { requireUser } from './app-state.js';

export interface PublicRouteOptions {
  /** The registry sluice counts in; the app may add its own metrics to it. */
  readonly metrics: Metrics;
  /** Whether the LLM pipeline can serve (sluice's readiness probe). */
  readonly llmReadiness: () => ProbeResult;
}

/**
 * `GET /health` and `GET /metrics`, served before the auth middleware. Keep /metrics off the public
 * network (a firewall rule or a separate listener) as you would any app's metrics.
 * @example
 * app.use(publicRoutes({ metrics, llmReadiness: () => readinessProbe(kernel, false) }).routes());
 */
export function publicRoutes(options: PublicRouteOptions): Router {
  const router = new Router();
  router.get('/health', (ctx) => {
    const llm = options.llmReadiness();
    ctx.status = llm.ok ? 200 : 503;
    ctx.body = { status: llm.ok ? 'ok' : 'degraded', llm: llm.ok ? 'ready' : (llm.reason ?? 'not ready') };
  });
  router.get('/metrics', async (ctx) => {
    const { contentType, body } = await options.metrics.exposition();
    ctx.type = contentType;
    ctx.body = body;
  });
  return router;
}

/**
 * The app's API, served after the auth middleware.
 * @example
 * app.use(authenticate(users));
 * app.use(apiRoutes().routes());
 */
export function apiRoutes(): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/profile', (ctx) => {
    const user = requireUser(ctx);
    ctx.body = { id: user.id, name: user.name };
  });
  return router;
}
