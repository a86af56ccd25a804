/** Mounts the pipeline on any Koa app: an adapter over the host's one request handler. */
import Router from '@koa/router';
import type Koa from 'koa';
import type { Context } from 'koa';
import type { Kernel } from '@sluice/core';
import { DEFAULT_MAX_BODY_BYTES, type HostOptions } from './host-options.js';
import { RequestHandler } from './request-handler.js';
import { ENDPOINT_CODECS } from '@sluice/wire';

/**
 * A Koa router with `POST /v1/chat/completions` (and every other model endpoint) and every plugin route, under `prefix`, for an app
 * that arranges its own middleware around them (its `allowedMethods()` included).
 * @example
 * const app = new Koa();
 * app.use(createGatewayRouter(kernel, { prefix: '/llm' }).routes());
 */
export function createGatewayRouter(kernel: Kernel, options: Partial<HostOptions> = {}): Router {
  const handler = koaRequestHandler(kernel, options);
  const router = new Router(options.prefix ? { prefix: options.prefix } : {});
  const serve = (ctx: Context) => {
    // The handler writes the response itself; headers the app set earlier (ctx.set) are kept.
    ctx.respond = false;
    return handler.serveMatch(handler.match(ctx.method, ctx.path), ctx.req, ctx.res, ctx);
  };
  for (const codec of ENDPOINT_CODECS) router.post(codec.path, serve);
  for (const route of kernel.routes) {
    if (route.method === 'GET') router.get(route.path, serve);
    else router.post(route.path, serve);
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
  const handler = koaRequestHandler(kernel, options);
  return (ctx, next) => {
    const match = handler.match(ctx.method, ctx.path);
    if (match === undefined) return next();
    ctx.respond = false;
    return handler.serveMatch(match, ctx.req, ctx.res, ctx);
  };
}

function koaRequestHandler(kernel: Kernel, options: Partial<HostOptions>): RequestHandler<Context> {
  return new RequestHandler<Context>({
    kernel,
    prefix: options.prefix,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    streaming: options.streaming ?? false,
    streamingMode: options.streamingMode,
    onExchange: options.onExchange,
  });
}
