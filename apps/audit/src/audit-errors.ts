/** Every failure the audit module answers over HTTP: the service envelope `{"error": {"code", "message"}}` with its status. */
import { ServiceHttpError } from '@sluice/module-server';

/**
 * The codes the audit module answers with; those of the module server (`not_found`, `method_not_allowed`,
 * `too_large`, `unsupported_media_type`, `invalid_json`, `unavailable`, `internal`) among them.
 * @example
 * const code: AuditErrorCode = 'invalid_request';
 */
export type AuditErrorCode =
  | 'invalid_request'
  | 'invalid_json'
  | 'unauthenticated'
  | 'not_found'
  | 'method_not_allowed'
  | 'too_large'
  | 'unsupported_media_type'
  | 'unavailable'
  | 'internal';

/**
 * A request the module refuses; `message` is shown to the caller, so it never carries a key or event text.
 * @example
 * throw new AuditRequestError(400, 'invalid_request', 'limit must be an integer from 1 to 1000.');
 */
export class AuditRequestError extends ServiceHttpError<AuditErrorCode> {
  declare readonly status: 400 | 401 | 404 | 405 | 413 | 415;

  constructor(status: 400 | 401 | 404 | 405 | 413 | 415, code: AuditErrorCode, message: string) {
    super(status, code, message);
    this.name = 'AuditRequestError';
  }
}
