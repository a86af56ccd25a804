/** Every failure the audit module answers over HTTP, as `{"error": {"code", "message"}}` with its status. */

export type AuditErrorCode =
  | 'invalid_request'
  | 'invalid_json'
  | 'unauthenticated'
  | 'not_found'
  | 'method_not_allowed'
  | 'too_large'
  | 'unsupported_media_type'
  | 'internal';

/**
 * A request the module refuses; `message` is shown to the caller, so it never carries a key or event text.
 * @example
 * throw new AuditRequestError(400, 'invalid_request', 'limit must be an integer from 1 to 1000.');
 */
export class AuditRequestError extends Error {
  readonly expose = true;
  constructor(
    readonly status: 400 | 401 | 404 | 405 | 413 | 415,
    readonly code: AuditErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AuditRequestError';
  }
}

/** The one error body of the module. */
export function errorBody(code: AuditErrorCode, message: string): { error: { code: AuditErrorCode; message: string } } {
  return { error: { code, message } };
}
