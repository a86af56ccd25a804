/**
 * The one error code of the per-request cache controls. It lives here, with the parser that answers it,
 * so it is registered once whichever cache layers are on; each layer declares this same table as part of
 * its `errors`, and the kernel lists it once.
 */
import { defineErrors } from '@sluice/core';

/**
 * The error a request with a malformed cache control answers with (400).
 * @example
 * class FaqCachePlugin implements Plugin {
 *   readonly name = 'faq-cache';
 *   readonly errors = CACHE_CONTROL_ERRORS;
 *   apply(): void {}
 * }
 */
export const CACHE_CONTROL_ERRORS = defineErrors('@sluice/cache-controls', {
  invalid_cache_control: {
    status: 400,
    type: 'invalid_request_error',
    message: 'A cache control header of the request is malformed.',
    description:
      'A `Cache-Control` `max-age`, `x-sluice-cache-ttl` or `x-sluice-cache-namespace` value is malformed, or one of those headers (or `x-sluice-cache-bypass`) is longer than 256 bytes; the message names the header. Only raised when the client key lets its requests steer the caches.',
  },
});
