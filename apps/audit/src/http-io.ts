/** The HTTP edges of the audit module: keys compared in constant time, bounded bodies, JSON replies. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isJsonContentType, notJsonMessage } from '@sluice/host';
import { AuditRequestError, errorBody } from './audit-errors.js';

/** A key reduced to a fixed-length digest, so comparing it takes the same time whatever is presented. */
export function keyDigest(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/** `presented` is the raw header value; a missing or repeated header never matches. */
export function keyMatches(expected: Buffer, presented: string | string[] | undefined): boolean {
  return typeof presented === 'string' && timingSafeEqual(expected, keyDigest(presented));
}

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer +(.+)$/i.exec(header ?? '');
  return match?.[1]?.trim();
}

export function replyJson(res: ServerResponse, status: number, body: unknown): void {
  replyText(res, status, JSON.stringify(body));
}

/** For bodies already written as JSON text (stored events are spliced, not re-serialised). */
export function replyText(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function replyError(res: ServerResponse, failure: AuditRequestError): void {
  // After a 413 the rest of the body is not wanted; closing stops a large sender from keeping the socket.
  if (failure.status === 413 && !res.headersSent) res.setHeader('connection', 'close');
  replyJson(res, failure.status, errorBody(failure.code, failure.message));
}

/**
 * Reads a JSON body of at most `limit` bytes; a larger one is refused before it is all held in memory.
 * A body not declared as JSON is refused unread (415): with no type or a form type, a web page could post
 * here across sites without a CORS preflight.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const type = req.headers['content-type'];
  if (!isJsonContentType(type)) {
    req.resume();
    throw new AuditRequestError(415, 'unsupported_media_type', notJsonMessage(type));
  }
  const tooLarge = () => new AuditRequestError(413, 'too_large', `The body is larger than ${limit} bytes.`);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new AuditRequestError(400, 'invalid_json', 'The body is not valid JSON.');
  }
}

/** `host:port` or `[v6]:port` → its parts; port 0 picks a free one. */
export function splitListen(listen: string): [string, number] {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(listen);
  if (match === null) throw new Error(`listen address must be host:port, not ${JSON.stringify(listen)}`);
  return [match[1] ?? match[2] ?? '127.0.0.1', Number(match[3])];
}
