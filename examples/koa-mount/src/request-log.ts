/**
 * One log line per request. Never a body, a query string or a header value: a chat body is a
 * prompt, its answer may repeat it, and the Authorization header is a user's key.
 */
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { appState } from './app-state.js';

/**
 * Outermost middleware: it sees the final status of every request, the error handler's included.
 * @example
 * app.use(logRequests(logger));
 */
export function logRequests(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const { user, exchange } = appState(ctx);
      logger.info(
        {
          method: ctx.method,
          path: ctx.path,
          // Read from the response itself: sluice's chat route writes it without Koa.
          status: ctx.res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
          user: user?.id,
          ...(exchange && {
            trace_id: exchange.traceId,
            cache:
              exchange.cache.layer === undefined ? exchange.cache.status : `${exchange.cache.status}-${exchange.cache.layer}`,
            llm_error: exchange.error?.code,
          }),
        },
        'request',
      );
    }
  };
}
