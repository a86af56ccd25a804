/** Reads a JSON request body with a size limit, answering with the right gateway error. */
import type { IncomingMessage } from 'node:http';
import { GatewayError } from '../errors.js';

export async function readJsonBody(request: IncomingMessage, limitBytes: number): Promise<unknown> {
  const type = request.headers['content-type'];
  if (type !== undefined && !/^application\/([\w.+-]*\+)?json\b/i.test(type.trim())) {
    throw new GatewayError('unsupported_media_type', { message: `Content-Type must be application/json, not ${JSON.stringify(type.slice(0, 64))}.` });
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);

  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw tooLarge(limitBytes);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw new GatewayError('invalid_json', { message: 'The request body is empty; send a JSON chat completion request.' });
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new GatewayError('invalid_json', { message: `The request body is not valid JSON: ${(error as Error).message}` });
  }
}

function tooLarge(limitBytes: number): GatewayError {
  return new GatewayError('request_too_large', { message: `The request body is larger than ${limitBytes} bytes (max_request_body_bytes).` });
}
