/** Writes the gateway's error envelope on a Koa context. */
import type { Context } from 'koa';
import type { GatewayError } from '@sluice/core';

/**
 * Answers a Koa request with a GatewayError: its status and envelope, or the provider's reply it
 * passes through, with the headers the error carries (a provider's `retry-after` on a 429).
 * @example
 * app.use(async (ctx, next) => {
 *   if (ctx.get('authorization') === '') return writeError(ctx, new GatewayError('authentication_failed'));
 *   await next();
 * });
 */
export function writeError(ctx: Context, error: GatewayError): void {
  const reply = error.reply();
  if (error.headers !== undefined) ctx.set(error.headers);
  ctx.status = reply.status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(reply.body);
}
