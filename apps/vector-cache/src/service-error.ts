/**
 * Every error code of the vector answer cache and its HTTP status; they answer with the service envelope
 * of `@sluice/module-server` (docs/reference/service-errors.md).
 */
import { ServiceHttpError, type ServiceErrorEnvelope } from '@sluice/module-server';

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
  NOT_IMPLEMENTED: 501,
  UNAVAILABLE: 503,
} as const;

export type ServiceErrorCode = keyof typeof SERVICE_ERRORS;

/** The body of every error: `{"error": {"code", "message", "details"?}}`, with the cache's codes. */
export type ServiceErrorBody = ServiceErrorEnvelope<ServiceErrorCode>;

/**
 * An error a client is told about, its status taken from its code; `INTERNAL` errors carry a generic
 * message and keep the cause for the log.
 * @example
 * throw new ServiceError('INVALID_ARGUMENT', 'query must have 384 numbers, got 3', { field: 'query' });
 */
export class ServiceError extends ServiceHttpError<ServiceErrorCode> {
  constructor(code: ServiceErrorCode, message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(SERVICE_ERRORS[code], code, message, details, options);
    this.name = 'ServiceError';
  }
}
