/** Reads a JSON request body under the size limit; every failure is a service error with its status. */
import type { IncomingMessage } from 'node:http';
import { readLimitedText } from '@sluice/core/internal';
import { ServiceError } from '../service-error.js';

const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;

/**
 * @example
 * const body = await readJson(ctx.req, settings.maxBodyBytes);
 */
export async function readJson(request: IncomingMessage, limitBytes: number): Promise<unknown> {
  const type = request.headers['content-type'];
  if (type !== undefined && !JSON_TYPE.test(type.trim())) {
    request.resume();
    throw new ServiceError(
      'INVALID_ARGUMENT',
      `Content-Type must be application/json, not ${JSON.stringify(type.slice(0, 64))}.`,
    );
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

function tooLarge(limitBytes: number): ServiceError {
  return new ServiceError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limitBytes} bytes (SVC_MAX_BODY_BYTES).`, {
    limit_bytes: limitBytes,
  });
}
