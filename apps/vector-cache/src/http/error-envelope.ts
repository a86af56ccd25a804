/** The outermost middleware: every failure answers with the one error envelope, never a stack trace. */
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ServiceMetrics } from '../service-metrics.js';
import { ServiceError } from '../service-error.js';
import { StorageFailure } from '../storage-failure.js';

/**
 * @example
 * app.use(errorEnvelope(logger, metrics));
 */
export function errorEnvelope(logger: Logger, metrics?: Pick<ServiceMetrics, 'requestsRefused'>): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined) {
        if (ctx.status === 404) throw new ServiceError('NOT_FOUND', `No route ${ctx.method} ${ctx.path}.`);
        // Set by the router's allowedMethods, which has already set the Allow header.
        if (ctx.status === 405 || ctx.status === 501) throw asServiceError({ status: ctx.status });
      }
    } catch (error) {
      const failure = asServiceError(error);
      if (failure.code === 'UNSUPPORTED_MEDIA_TYPE') metrics?.requestsRefused.inc({ reason: 'unsupported_media_type' });
      if (failure.code === 'INTERNAL') logger.error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
      // Handled, so no stack: the message says what failed and why, and an operator has to make room.
      if (failure instanceof StorageFailure) {
        logger.error({ method: ctx.method, path: ctx.path, code: failure.code, reason: failure.message }, 'storage failure');
      }
      ctx.status = failure.status;
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(failure.body());
    }
  };
}

function asServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  // @koa/router's allowedMethods throws http-errors with a status.
  const status = (error as { status?: unknown })?.status;
  if (status === 405) return new ServiceError('METHOD_NOT_ALLOWED', 'This method is not allowed on this path.');
  if (status === 501) return new ServiceError('NOT_FOUND', 'This method is not served.');
  return new ServiceError('INTERNAL', 'The service failed to handle the request.', undefined, { cause: error });
}
