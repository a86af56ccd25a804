/** The replies of a module: JSON text with its length, and errors in the service envelope. */
import type { ServerResponse } from 'node:http';
import type { ServiceHttpError } from './service-error.js';

/**
 * Answers with JSON text already written (stored events are spliced, not parsed and written again).
 * @example
 * replyJsonText(res, 200, `{"events":${rows},"next_after_sequence":${next}}`);
 */
export function replyJsonText(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Answers with a body written as JSON.
 * @example
 * replyJson(res, 200, { status: 'ok' });
 */
export function replyJson(res: ServerResponse, status: number, body: unknown): void {
  replyJsonText(res, status, JSON.stringify(body));
}

/**
 * Answers an error with its status and envelope; a response already begun is cut instead, so a client
 * never takes half an answer for a whole one. After a 413 the connection is closed.
 * @example
 * replyServiceError(res, new ServiceHttpError(404, 'not_found', 'No events are stored for this trace.'));
 */
export function replyServiceError(res: ServerResponse, error: ServiceHttpError): void {
  if (res.headersSent) return void res.destroy();
  // After a 413 the rest of the body is not wanted; closing stops a large sender from keeping the socket.
  if (error.status === 413) res.setHeader('connection', 'close');
  replyJson(res, error.status, error.body());
}
