/** Mounts the pipeline on any Koa app: chat completions plus the routes plugins declared. */
import Router from '@koa/router';
import type Koa from 'koa';
import type { Context } from 'koa';
import { GatewayError, toGatewayError } from '@sluice/core';
import type { Kernel } from '@sluice/core';
import { chatCompletionsHandler } from './chat-route.js';
import { clientSignal, lowerCaseHeaders } from './client.js';
import { DEFAULT_MAX_BODY_BYTES, type HostOptions } from './host-options.js';
import { isJsonContentType, notJsonMessage } from './http-hygiene.js';
import { writeError } from './write-error.js';
import { errorsCounter } from '@sluice/core';

/**
 * A Koa router with `POST /v1/chat/completions` and every plugin route, under `prefix`, for an app
 * that arranges its own middleware around them.
 * @example
 * const app = new Koa();
 * app.use(createGatewayRouter(kernel, { prefix: '/llm' }).routes());
 */
export function createGatewayRouter(kernel: Kernel, options: Partial<HostOptions> = {}): Router {
  const resolved: HostOptions = { maxBodyBytes: DEFAULT_MAX_BODY_BYTES, streaming: false, ...options };
  const router = new Router(resolved.prefix ? { prefix: resolved.prefix } : {});
  router.post('/v1/chat/completions', chatCompletionsHandler(kernel, resolved));
  const errors = errorsCounter(kernel.metrics);
  for (const route of kernel.routes) {
    const handler = async (ctx: Context) => {
      try {
        // A POST a page could send without a CORS preflight (no type, a form type) never reaches a plugin.
        const type = ctx.req.headers['content-type'];
        if (route.method === 'POST' && !isJsonContentType(type)) {
          throw new GatewayError('unsupported_media_type', { message: notJsonMessage(type) });
        }
        const reply = await route.handle({ headers: lowerCaseHeaders(ctx.req.headers), signal: clientSignal(ctx.res) });
        for (const [name, value] of Object.entries(reply.headers ?? {})) ctx.set(name, value);
        ctx.status = reply.status;
        ctx.type = 'application/json';
        ctx.body = JSON.stringify(reply.body);
      } catch (error) {
        const failure = toGatewayError(error);
        if (failure.code === 'internal_error') kernel.logger.error({ err: error, route: route.path }, 'route failed');
        errors.inc({ class: failure.code });
        writeError(ctx, failure);
      }
    };
    if (route.method === 'GET') router.get(route.path, handler);
    else router.post(route.path, handler);
  }
  return router;
}

/**
 * Koa middleware serving the pipeline; a known path with a wrong
 * method gets a 405 envelope, anything else falls through to the app.
 * @example
 * const app = new Koa();
 * app.use(gatewayMiddleware(kernel, { prefix: '/llm', maxBodyBytes: 4 * 1024 * 1024 }));
 * app.listen(8080, '127.0.0.1');
 */
export function gatewayMiddleware(kernel: Kernel, options: Partial<HostOptions> = {}): Koa.Middleware {
  const router = createGatewayRouter(kernel, options);
  const routes = router.routes();
  return (ctx, next) =>
    routes(ctx as Parameters<typeof routes>[0], async () => {
      const match = router.match(ctx.path, ctx.method);
      if (match.path.length > 0 && !match.route) {
        writeError(ctx, new GatewayError('method_not_allowed', { message: `${ctx.method} is not allowed on ${ctx.path}.` }));
        return;
      }
      await next();
    });
}
