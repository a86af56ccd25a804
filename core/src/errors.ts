/**
 * Every error identifier the gateway can answer with, its HTTP status and OpenAI error type.
 * `docs/reference/errors.md` lists the same table; a test keeps the two in step.
 */

interface ErrorDefinition {
  readonly status: number;
  readonly type: string;
  readonly message: string;
}

const define = <const T extends Record<string, ErrorDefinition>>(table: T): Readonly<T> => Object.freeze(table);

/**
 * Every error identifier with its HTTP status, OpenAI error `type` and default message (frozen).
 * @example
 * const { status, type } = ERRORS.plugin_request_blocked; // 403, 'policy_error'
 */
export const ERRORS = define({
  invalid_json: { status: 400, type: 'invalid_request_error', message: 'The request body is not valid JSON.' },
  invalid_request: {
    status: 400,
    type: 'invalid_request_error',
    message: 'The request body is not a valid chat completion request.',
  },
  unsupported_media_type: { status: 415, type: 'invalid_request_error', message: 'The request body must be application/json.' },
  model_not_allowed: { status: 400, type: 'invalid_request_error', message: 'The model is not in the list of allowed models.' },
  request_too_large: {
    status: 413,
    type: 'invalid_request_error',
    message: 'The request body is larger than the configured limit.',
  },
  streaming_disabled: {
    status: 422,
    type: 'invalid_request_error',
    message: 'Streaming is disabled on this gateway (streaming_enabled off); send stream: false.',
  },
  not_found: { status: 404, type: 'invalid_request_error', message: 'No such route.' },
  method_not_allowed: { status: 405, type: 'invalid_request_error', message: 'Method not allowed on this route.' },
  authentication_failed: {
    status: 401,
    type: 'authentication_error',
    message: 'The request carries no valid credentials for this gateway.',
  },
  security_request_blocked: { status: 403, type: 'policy_error', message: 'The request was blocked by the security guard.' },
  security_response_blocked: { status: 403, type: 'policy_error', message: 'The response was blocked by the security guard.' },
  usage_request_blocked: { status: 403, type: 'policy_error', message: 'The request was blocked by the usage guard.' },
  privacy_request_blocked: { status: 403, type: 'policy_error', message: 'The request was blocked by the privacy guard.' },
  plugin_request_blocked: { status: 403, type: 'policy_error', message: 'The request was blocked by a guard plugin.' },
  plugin_response_blocked: { status: 403, type: 'policy_error', message: 'The response was blocked by a guard plugin.' },
  guard_contract_violation: { status: 422, type: 'guard_error', message: 'A guard module answered in an unexpected form.' },
  security_guard_unavailable: { status: 502, type: 'guard_error', message: 'The security guard is unavailable.' },
  security_guard_timeout: { status: 504, type: 'guard_error', message: 'The security guard did not answer in time.' },
  privacy_guard_unavailable: { status: 502, type: 'guard_error', message: 'The privacy guard is unavailable.' },
  privacy_guard_timeout: { status: 504, type: 'guard_error', message: 'The privacy guard did not answer in time.' },
  privacy_restore_failed: { status: 502, type: 'guard_error', message: 'Restoring placeholders in the response failed.' },
  usage_guard_unavailable: { status: 502, type: 'guard_error', message: 'The usage guard is unavailable.' },
  usage_guard_timeout: { status: 504, type: 'guard_error', message: 'The usage guard did not answer in time.' },
  request_too_large_to_scan: {
    status: 413,
    type: 'invalid_request_error',
    message: 'The request holds more text than a guard scans (its max_scan_chars); send less text.',
  },
  response_too_large_to_scan: {
    status: 502,
    type: 'guard_error',
    message: 'The upstream answer holds more text than a guard scans (its max_scan_chars).',
  },
  upstream_authentication_error: {
    status: 502,
    type: 'upstream_error',
    message: 'The upstream provider rejected the gateway credentials.',
  },
  upstream_not_found: {
    status: 502,
    type: 'upstream_error',
    message: 'The upstream provider returned 404; check upstream_base_url.',
  },
  upstream_rate_limited: { status: 502, type: 'upstream_error', message: 'The upstream provider is rate limiting requests.' },
  upstream_bad_request: { status: 502, type: 'upstream_error', message: 'The upstream provider rejected the request.' },
  upstream_server_error: { status: 502, type: 'upstream_error', message: 'The upstream provider failed.' },
  upstream_invalid_response: {
    status: 502,
    type: 'upstream_error',
    message: 'The upstream provider answered with a body that is not a chat completion.',
  },
  upstream_tls_error: { status: 502, type: 'upstream_error', message: 'The TLS handshake with the upstream provider failed.' },
  upstream_dns_error: { status: 502, type: 'upstream_error', message: 'The upstream host name could not be resolved.' },
  upstream_connect_error: {
    status: 502,
    type: 'upstream_error',
    message: 'The gateway could not connect to the upstream provider.',
  },
  upstream_timeout: { status: 504, type: 'upstream_error', message: 'The upstream provider did not answer in time.' },
  upstream_stream_malformed: {
    status: 502,
    type: 'upstream_error',
    message: 'The upstream provider sent a stream event that is not a chat completion chunk.',
  },
  upstream_stream_incomplete: {
    status: 502,
    type: 'upstream_error',
    message: 'The upstream stream ended before the answer was complete (no finish reason).',
  },
  upstream_stream_error: { status: 502, type: 'upstream_error', message: 'The upstream provider sent an error in its stream.' },
  upstream_stream_too_large: {
    status: 502,
    type: 'upstream_error',
    message: 'The upstream stream is larger than max_stream_upstream_bytes.',
  },
  upstream_stream_too_long: {
    status: 504,
    type: 'upstream_error',
    message: 'The upstream stream took longer than the streaming ceiling (stream_max_duration_seconds).',
  },
  upstream_unavailable: { status: 502, type: 'upstream_error', message: 'No upstream is configured to answer this request.' },
  embedding_timeout: { status: 504, type: 'cache_error', message: 'The embedding endpoint did not answer in time.' },
  embedding_unavailable: { status: 502, type: 'cache_error', message: 'The embedding endpoint is unavailable.' },
  vectordb_unavailable: { status: 502, type: 'cache_error', message: 'The vector database is unavailable.' },
  client_closed_request: { status: 499, type: 'client_error', message: 'The client closed the connection.' },
  shutting_down: { status: 503, type: 'server_error', message: 'The gateway is shutting down.' },
  internal_error: { status: 500, type: 'server_error', message: 'Internal gateway error.' },
});

/**
 * An error identifier, a key of `ERRORS`: what a GatewayError and a Verdict carry as `code`.
 * @example
 * const code: ErrorCode = exchange.error?.code ?? 'internal_error';
 */
export type ErrorCode = keyof typeof ERRORS;

/**
 * The OpenAI-style error body every gateway error answers with; `guard`, `stage` and `rule_id` only
 * when known.
 * @example
 * const body: ErrorEnvelope = {
 *   error: { message: 'No such route.', type: 'invalid_request_error', code: 'not_found', param: null },
 * };
 */
export interface ErrorEnvelope {
  error: {
    message: string;
    type: string;
    code: string;
    param: null;
    guard?: string;
    stage?: string;
    rule_id?: string;
  };
}

/**
 * What a GatewayError carries besides its code.
 * @example
 * const init = { method: 'POST', body: JSON.stringify(exchange.request), signal: exchange.signal };
 * const reply = await fetch(`${baseUrl}/chat/completions`, init);
 * if (reply.status === 400) {
 *   // The provider's own 400 goes to the client as is.
 *   throw new GatewayError('upstream_bad_request', { passthrough: { status: 400, body: await reply.json() } });
 * }
 */
export interface GatewayErrorDetails {
  /** Replaces the default message; must never contain prompt text or secrets. */
  readonly message?: string | undefined;
  readonly guard?: string | undefined;
  readonly stage?: string | undefined;
  readonly ruleId?: string | undefined;
  readonly cause?: unknown;
  /** A provider's own error reply handed to the client as is (status and JSON body). */
  readonly passthrough?: { readonly status: number; readonly body: unknown };
  /**
   * Response headers the client gets with the error, e.g. a provider's `retry-after` and `x-ratelimit-*`
   * on a 429; the thrower keeps them to a bounded allow-list.
   */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * An error with an identifier and status. `expose` tells a Koa host that the message is safe to show.
 * @example
 * throw new GatewayError('model_not_allowed', { message: 'model "gpt-x" has no model_price entry' });
 */
export class GatewayError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly type: string;
  readonly expose = true;
  readonly guard: string | undefined;
  readonly stage: string | undefined;
  readonly ruleId: string | undefined;
  readonly passthrough: GatewayErrorDetails['passthrough'];
  readonly headers: GatewayErrorDetails['headers'];

  constructor(code: ErrorCode, details: GatewayErrorDetails = {}) {
    const definition = ERRORS[code];
    super(details.message ?? definition.message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'GatewayError';
    this.code = code;
    this.status = definition.status;
    this.type = definition.type;
    this.guard = details.guard;
    this.stage = details.stage;
    this.ruleId = details.ruleId;
    this.passthrough = details.passthrough;
    this.headers = details.headers;
  }

  /** The status and body to send to the client. */
  reply(): { status: number; body: unknown } {
    return this.passthrough ?? { status: this.status, body: errorEnvelope(this.code, this.message, this) };
  }
}

/**
 * Builds the error body for an identifier, with optional guard details.
 * @example
 * ctx.status = 403;
 * ctx.body = errorEnvelope('plugin_request_blocked', 'Tenant suspended.', { guard: PLUGIN_NAME, ruleId: 'suspended' });
 */
export function errorEnvelope(
  code: ErrorCode,
  message: string = ERRORS[code].message,
  details: { guard?: string | undefined; stage?: string | undefined; ruleId?: string | undefined } = {},
): ErrorEnvelope {
  const error: ErrorEnvelope['error'] = { message, type: ERRORS[code].type, code, param: null };
  if (details.guard !== undefined) error.guard = details.guard;
  if (details.stage !== undefined) error.stage = details.stage;
  if (details.ruleId !== undefined) error.rule_id = details.ruleId;
  return { error };
}

/**
 * Any thrown value as a GatewayError; unknown errors become `internal_error` without their message
 * (log the original: it is the `cause`).
 * @example
 * app.use(async (ctx, next) => {
 *   try {
 *     await next();
 *   } catch (error) {
 *     writeError(ctx, toGatewayError(error));
 *   }
 * });
 */
export function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  return new GatewayError('internal_error', { cause: error });
}
