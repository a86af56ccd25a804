/** Maps what went wrong with an upstream call to the gateway's upstream failure classes. */
import type { IncomingHttpHeaders } from 'node:http';
import { GatewayError, type ErrorCode } from '@sluice/core';
import { KeyRedaction } from '@sluice/util';
import { rateLimitHeaders } from './rate-limit-headers.js';

const TLS_CODES =
  /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH|ERR_OSSL_)/;
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME']);

/** The class of a non-2xx upstream status. */
export function statusClass(status: number): ErrorCode {
  if (status === 401 || status === 403) return 'upstream_authentication_error';
  if (status === 404) return 'upstream_not_found';
  if (status === 429) return 'upstream_rate_limited';
  if (status >= 400 && status < 500) return 'upstream_bad_request';
  return 'upstream_server_error';
}

/**
 * A non-2xx upstream reply: its own JSON error passes through on a 4xx, with the gateway's keys redacted
 * from it (providers quote a wrong key back), otherwise our 502 envelope; a 429's or 503's rate-limit
 * headers go along either way.
 */
export function statusFailure(
  status: number,
  body: unknown,
  headers: IncomingHttpHeaders = {},
  redaction: KeyRedaction = NO_REDACTION,
): GatewayError {
  const code = statusClass(status);
  const passed = rateLimitHeaders(status, headers, (value) => redaction.text(value) === value);
  const extra = passed === undefined ? {} : { headers: passed };
  const isOpenAiError = typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'object';
  if (status < 500 && isOpenAiError)
    return new GatewayError(code, { passthrough: { status, body: redaction.json(body) }, ...extra });
  return new GatewayError(code, { message: `${messageOf(code)} (upstream status ${status})`, ...extra });
}

const NO_REDACTION = new KeyRedaction([]);

/** A failure to get any reply: connection, DNS, TLS, timeout or client abort. */
export function transportFailure(error: unknown, timedOut: boolean, clientGone: boolean): GatewayError {
  if (clientGone) return new GatewayError('client_closed_request', { cause: error });
  const code = codeChain(error);
  if (timedOut || code.some((c) => TIMEOUT_CODES.has(c))) return new GatewayError('upstream_timeout', { cause: error });
  if (code.some((c) => DNS_CODES.has(c))) return new GatewayError('upstream_dns_error', { cause: error });
  if (code.some((c) => TLS_CODES.test(c))) return new GatewayError('upstream_tls_error', { cause: error });
  return new GatewayError('upstream_connect_error', { cause: error });
}

function messageOf(code: ErrorCode): string {
  return new GatewayError(code).message;
}

/** Error codes of an error and its causes (undici wraps the socket error). */
function codeChain(error: unknown): string[] {
  const codes: string[] = [];
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth += 1
  ) {
    if (typeof e.code === 'string') codes.push(e.code);
  }
  return codes;
}
