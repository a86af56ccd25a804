/** Reads a JSON request body with a size limit, answering with the right gateway error. */
import type { IncomingMessage } from 'node:http';
import { GatewayError } from '../errors.js';

const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;

/**
 * The body as text, once the content type and the size limit are checked. Not `async`: a refused
 * content type or size throws at once, and a read that succeeds costs no extra promise.
 */
export function readBodyText(request: IncomingMessage, limitBytes: number): Promise<string> {
  const type = request.headers['content-type'];
  if (type !== undefined && !JSON_TYPE.test(type.trim())) {
    throw new GatewayError('unsupported_media_type', {
      message: `Content-Type must be application/json, not ${JSON.stringify(type.slice(0, 64))}.`,
    });
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);
  return readText(request, limitBytes);
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

/** Event-based on purpose: it is measurably cheaper per request than async iteration of the stream. */
function readText(request: IncomingMessage, limitBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        cleanup();
        request.resume();
        reject(tooLarge(limitBytes));
        return;
      }
      chunks.push(chunk);
    };
    // The listeners stay on a request read to its end: nothing is read after 'end', a later error only
    // settles a promise already settled, and taking four listeners off was measurable on every hit.
    const onEnd = () => {
      resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error instanceof GatewayError ? error : new GatewayError('client_closed_request', { cause: error }));
    };
    const cleanup = () => {
      request.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
    };
    const onAborted = () => onError(new GatewayError('client_closed_request'));
    request.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  });
}

function tooLarge(limitBytes: number): GatewayError {
  return new GatewayError('request_too_large', {
    message: `The request body is larger than ${limitBytes} bytes (max_request_body_bytes).`,
  });
}
