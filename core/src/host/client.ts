/** What the host learns about the client connection. */
import type { IncomingHttpHeaders } from 'node:http';
import type { Context } from 'koa';

/** An AbortSignal that fires when the client closes the connection before the response is sent. */
export function clientSignal(ctx: Context): AbortSignal {
  const controller = new AbortController();
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) controller.abort(new Error('client closed the connection'));
  });
  return controller.signal;
}

export function lowerCaseHeaders(headers: IncomingHttpHeaders): Record<string, string | undefined> {
  const result: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return result;
}
