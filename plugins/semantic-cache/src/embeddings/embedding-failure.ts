/**
 * Maps what went wrong with an embedding call to `embedding_timeout` or `embedding_unavailable`.
 * Messages name statuses and socket codes only: never the input text, never the provider's error body
 * (providers may echo the input in it).
 */
import { GatewayError } from '@sluice/core';

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);

/** A failure to get any reply: connection, DNS, TLS, timeout, or the client going away. */
export function embeddingTransportFailure(error: unknown, timedOut: boolean, clientGone: boolean): GatewayError {
  if (clientGone) return new GatewayError('client_closed_request', { cause: error });
  const codes = codeChain(error);
  if (timedOut || codes.some((code) => TIMEOUT_CODES.has(code))) return new GatewayError('embedding_timeout', { cause: error });
  const detail = codes[codes.length - 1];
  return new GatewayError('embedding_unavailable', {
    message: `The embedding endpoint is unavailable${detail === undefined ? '' : ` (${detail})`}.`,
    cause: error,
  });
}

/** A non-2xx reply, with a hint at the directive to check for the statuses that have one. */
export function embeddingStatusFailure(status: number): GatewayError {
  const hint =
    status === 401 || status === 403
      ? '; check embedding_api_key'
      : status === 404
        ? '; check embedding_base_url and embedding_model'
        : '';
  return new GatewayError('embedding_unavailable', {
    message: `The embedding endpoint answered with status ${status}${hint}.`,
  });
}

/** A 2xx reply that is not what `/v1/embeddings` answers. */
export function embeddingReplyFailure(problem: string): GatewayError {
  return new GatewayError('embedding_unavailable', { message: `The embedding endpoint answered with ${problem}.` });
}

/** Error codes of an error and its causes (undici wraps the socket error). */
function codeChain(error: unknown): string[] {
  const codes: string[] = [];
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (typeof current.code === 'string') codes.push(current.code);
    current = current.cause as typeof current;
  }
  return codes;
}
