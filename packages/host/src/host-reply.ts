/** Replies the host writes on a raw node:http response, with the headers Koa would have given them. */
import type { ServerResponse } from 'node:http';
import type { GatewayError } from '@sluice/core';

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers with a text body (plain text unless `contentType` says otherwise) and its length.
 * @example
 * replyText(res, 200, 'ok');
 */
export function replyText(
  res: ServerResponse,
  status: number,
  text: string,
  contentType = 'text/plain; charset=utf-8',
  headers: Readonly<Record<string, string>> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { ...headers, 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Answers with a body written as JSON, with the headers given (never their content type).
 * @example
 * replyJsonBody(res, 200, { object: 'list', data: [] }, { 'cache-control': 'max-age=60' });
 */
export function replyJsonBody(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Answers with a GatewayError: its status and envelope, or the provider's reply it passes through, with
 * the headers it carries (a provider's `retry-after` on a 429).
 * @example
 * replyGatewayError(res, new GatewayError('not_found', { message: 'No route for GET /x.' }));
 */
export function replyGatewayError(
  res: ServerResponse,
  error: GatewayError,
  headers: Readonly<Record<string, string>> = {},
): void {
  const { status, body } = error.reply();
  replyJsonBody(res, status, body, { ...error.headers, ...headers });
}
