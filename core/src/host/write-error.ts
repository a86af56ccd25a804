/** Writes the gateway's error envelope on a Koa context. */
import type { Context } from 'koa';
import type { GatewayError } from '../errors.js';

export function writeError(ctx: Context, error: GatewayError): void {
  const reply = error.reply();
  ctx.status = reply.status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(reply.body);
}
