/** Reads a JSON request body with a size limit, answering with the right gateway error. */
import type { IncomingMessage } from 'node:http';
import { GatewayError } from '@sluice/core';
import { isJsonContentType, notJsonMessage } from './http-hygiene.js';
import { readLimitedText, type BodyReadErrors } from './read-limited.js';

/**
 * The body as text, once the content type and the size limit are checked. Not `async`: a refused
 * content type or size throws at once, and a read that succeeds costs no extra promise.
 */
export function readBodyText(request: IncomingMessage, limitBytes: number): Promise<string> {
  // A missing type is refused too: with it or a form type, a web page can post here without a CORS preflight.
  const type = request.headers['content-type'];
  if (!isJsonContentType(type)) {
    throw new GatewayError('unsupported_media_type', { message: notJsonMessage(type) });
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);
  return readLimitedText(request, limitBytes, { tooLarge: () => tooLarge(limitBytes), unreadable });
}

export function parseJsonText(text: string): unknown {
  if (text.trim() === '')
    throw new GatewayError('invalid_json', { message: 'The request body is empty; send a JSON chat completion request.' });
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new GatewayError('invalid_json', { message: `The request body is not valid JSON: ${(error as Error).message}` });
  }
}

/** The gateway's word for a body the client did not finish sending. */
const unreadable: BodyReadErrors['unreadable'] = (cause) =>
  cause instanceof GatewayError ? cause : new GatewayError('client_closed_request', { cause });
function tooLarge(limitBytes: number): GatewayError {
  return new GatewayError('request_too_large', {
    message: `The request body is larger than ${limitBytes} bytes (max_request_body_bytes).`,
  });
}
