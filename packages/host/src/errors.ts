/** The error codes the HTTP host answers with: a request refused at the door, or no route for it. */
import { defineErrors } from '@sluice/core';

/**
 * The host's codes: bodies that are not a chat request it can read, and requests for no route.
 * @example
 * const { status } = HOST_ERRORS.request_too_large; // 413
 */
export const HOST_ERRORS = defineErrors('@sluice/host', {
  invalid_json: {
    status: 400,
    type: 'invalid_request_error',
    message: 'The request body is not valid JSON.',
    description: 'The body is empty or not JSON.',
  },
  invalid_request: {
    status: 400,
    type: 'invalid_request_error',
    message: 'The request body is not a valid chat completion request.',
    description:
      'The body is JSON but not a chat request (e.g. no model, empty messages, a message without a role), or it is nested deeper than 128 levels.',
  },
  unsupported_media_type: {
    status: 415,
    type: 'invalid_request_error',
    message: 'The request body must be application/json.',
    description: 'A Content-Type other than JSON.',
  },
  request_too_large: {
    status: 413,
    type: 'invalid_request_error',
    message: 'The request body is larger than the configured limit.',
    description: 'The body exceeds `max_request_body_bytes`.',
  },
  streaming_disabled: {
    status: 422,
    type: 'invalid_request_error',
    message: 'Streaming is disabled on this gateway (streaming_enabled off); send stream: false.',
    description: '`stream: true` while `streaming_enabled` is off.',
  },
  not_found: {
    status: 404,
    type: 'invalid_request_error',
    message: 'No such route.',
    description: 'No route for the method and path.',
  },
  method_not_allowed: {
    status: 405,
    type: 'invalid_request_error',
    message: 'Method not allowed on this route.',
    description: 'A known path with the wrong method.',
  },
});
