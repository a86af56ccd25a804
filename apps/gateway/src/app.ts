/** The gateway's Koa app: probes, metrics, version, the dashboard, then the pipeline of the current runtime. */
import Koa from 'koa';
import { Exchange, GatewayError, processMetrics, toGatewayError, type Metrics } from '@sluice/core';
import { gatewayMiddleware, writeError } from '@sluice/host';
import type { Logger } from 'pino';
import { DASHBOARD_FIGURES_PATH, DASHBOARD_PATH, dashboardEnabled, serveDashboard } from './dashboard/route.js';
import { readinessProbe, startupProbe, type ProbeResult } from './probes.js';
import type { Runtime } from '@sluice/preset-gateway';
import { versionBody } from '@sluice/preset-gateway';

/** What the app needs from the service that owns it. */
export interface GatewayState {
  readonly runtime: Runtime;
  readonly shuttingDown: boolean;
  readonly metrics: Metrics;
  readonly logger: Logger;
}

export function createGatewayApp(state: GatewayState): Koa {
  const app = new Koa();
  // Through the gateway's logger, message only: Koa's default printer writes stack traces to stderr.
  app.on('error', (error: Error) => state.logger.warn({ err: { message: error.message } }, 'http error'));
  const inFlight = state.metrics.gauge({ name: 'gw_in_flight_requests', help: 'HTTP requests being served, /metrics included.' });
  const readiness = state.metrics.gauge({ name: 'gw_readiness_state', help: '1 when /readyz answers ready, else 0.' });
  const shutdown = state.metrics.gauge({ name: 'gw_shutdown_in_progress', help: '1 while the gateway drains for shutdown.' });
  const pipelines = new WeakMap<Runtime, Koa.Middleware>();

  app.use(async (ctx, next) => {
    inFlight.inc();
    try {
      await next();
      if (state.shuttingDown) ctx.set('connection', 'close');
    } catch (error) {
      const failure = toGatewayError(error);
      if (failure.code === 'internal_error') state.logger.error({ err: error, path: ctx.path }, 'unhandled error');
      writeError(ctx, failure);
    } finally {
      inFlight.dec();
    }
  });

  app.use(async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const runtime = state.runtime;
    switch (ctx.path) {
      case '/healthz':
        ctx.type = 'text/plain';
        ctx.body = 'ok';
        return;
      case '/startupz':
        return text(ctx, startupProbe(runtime.kernel));
      case '/readyz': {
        const result = readinessProbe(runtime.kernel, state.shuttingDown);
        readiness.set(result.ok ? 1 : 0);
        return text(ctx, result);
      }
      case '/metrics': {
        readiness.set(readinessProbe(runtime.kernel, state.shuttingDown).ok ? 1 : 0);
        shutdown.set(state.shuttingDown ? 1 : 0);
        const { contentType, body } = await state.metrics.exposition();
        ctx.type = contentType;
        // Each exposition ends with a newline, so the two join as one.
        ctx.body = body + (await processMetrics().metrics());
        return;
      }
      case '/version':
        ctx.body = versionBody(runtime.settings.mode, runtime.semantic?.location ?? null);
        return;
      case DASHBOARD_PATH:
      case DASHBOARD_FIGURES_PATH:
        // Off, it falls through to the same 404 as any unknown route.
        if (dashboardEnabled(runtime.config)) return serveDashboard(ctx, state.metrics);
        return next();
      default:
        return next();
    }
  });

  app.use(async (ctx, next) => {
    if (state.shuttingDown) throw refusedWhileDraining(state.runtime, ctx);
    const runtime = state.runtime;
    let pipeline = pipelines.get(runtime);
    if (pipeline === undefined) {
      pipeline = gatewayMiddleware(runtime.kernel, {
        streaming: runtime.settings.streaming,
        maxBodyBytes: runtime.settings.maxBodyBytes,
      });
      pipelines.set(runtime, pipeline);
    }
    runtime.inFlight += 1;
    try {
      await pipeline(ctx, next);
    } finally {
      runtime.inFlight -= 1;
    }
  });

  app.use(async (ctx) => {
    writeError(ctx, new GatewayError('not_found', { message: `No route for ${ctx.method} ${ctx.path}.` }));
  });
  return app;
}

/**
 * A chat request refused while the gateway drains still gets its trace: `request.received` and one
 * `request.failed` (shutting_down), counted like any failed request, with its trace id header.
 */
function refusedWhileDraining(runtime: Runtime, ctx: Koa.Context): GatewayError {
  const error = new GatewayError('shutting_down');
  if (ctx.method === 'POST' && /\/v1\/chat\/completions\/?$/.test(ctx.path)) {
    const exchange = new Exchange({ request: { model: '', messages: [] }, mode: runtime.settings.mode });
    runtime.kernel.reject(exchange, error);
    ctx.set('x-sluice-trace-id', exchange.traceId);
  }
  return error;
}

function text(ctx: Koa.Context, result: ProbeResult): void {
  ctx.status = result.ok ? 200 : 503;
  ctx.type = 'text/plain';
  ctx.body = result.ok ? 'ready' : `not ready: ${result.reason ?? 'unknown'}`;
}
