/** Reads a JSON request body under the size limit; every failure is a service error with its status. */
import type { IncomingMessage } from 'node:http';
import { isJsonContentType, notJsonMessage, readLimitedText } from '@sluice/host';
import { ServiceError } from '../service-error.js';

/**
 * @example
 * const body = await readJson(ctx.req, settings.maxBodyBytes);
 */
export async function readJson(request: IncomingMessage, limitBytes: number): Promise<unknown> {
  const type = request.headers['content-type'];
  if (!isJsonContentType(type)) {
    request.resume();
    throw notJson(type);
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    request.resume();
    throw tooLarge(limitBytes);
  }
  const text = await readLimitedText(request, limitBytes, {
    tooLarge: () => tooLarge(limitBytes),
    unreadable: () => new ServiceError('INVALID_ARGUMENT', 'The request body could not be read to its end.'),
  });
  if (text.trim() === '') throw new ServiceError('INVALID_ARGUMENT', 'The request body is empty; send a JSON object.');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ServiceError('INVALID_ARGUMENT', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * A body without a JSON Content-Type: a missing type, `text/plain` or a form type is what a web page can
 * send across sites without a CORS preflight, so none of them reaches a route.
 */
export function notJson(type: string | readonly string[] | undefined): ServiceError {
  return new ServiceError('UNSUPPORTED_MEDIA_TYPE', notJsonMessage(type), {
    field: 'Content-Type',
  });
}

function tooLarge(limitBytes: number): ServiceError {
  return new ServiceError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limitBytes} bytes (SVC_MAX_BODY_BYTES).`, {
    limit_bytes: limitBytes,
  });
}
