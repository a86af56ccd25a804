/** What the host learns about the client connection. */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

/** An AbortSignal that fires when the client closes the connection before the response is sent. */
export function clientSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('client closed the connection'));
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
