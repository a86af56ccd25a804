/** Every error code of the vector answer cache, its HTTP status, and the one envelope they answer with. */

export const SERVICE_ERRORS = {
  INVALID_ARGUMENT: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  LICENSE_INVALID: 403,
  LICENSE_EXPIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  ALREADY_EXISTS: 409,
  FAILED_PRECONDITION: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ServiceErrorCode = keyof typeof SERVICE_ERRORS;

/** The body of every error: `{"error": {"code", "message", "details"?}}`. */
export interface ServiceErrorBody {
  error: { code: ServiceErrorCode; message: string; details?: Record<string, unknown> };
}

/**
 * An error a client is told about. `expose` is true, like Koa's `ctx.throw` errors, so a host's error
 * handler shows the message; `INTERNAL` errors carry a generic message and keep the cause for the log.
 * @example
 * throw new ServiceError('INVALID_ARGUMENT', 'query must have 384 numbers, got 3', { field: 'query' });
 */
export class ServiceError extends Error {
  readonly status: number;
  readonly expose = true;

  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ServiceError';
    this.status = SERVICE_ERRORS[code];
  }

  body(): ServiceErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}
