/** The error codes of the security guard: its blocks, and a guard module that cannot answer. */
import { defineErrors } from '@sluice/core';

/**
 * The security guard's codes; the kit's (`GUARD_KIT_ERRORS`) it answers with too.
 * @example
 * const { status } = SECURITY_GUARD_ERRORS.security_guard_timeout; // 504
 */
export const SECURITY_GUARD_ERRORS = defineErrors('@sluice/plugin-security-guard', {
  security_request_blocked: {
    status: 403,
    type: 'policy_error',
    message: 'The request was blocked by the security guard.',
    description: 'The security guard blocked the request (`error_json` block response).',
  },
  security_response_blocked: {
    status: 403,
    type: 'policy_error',
    message: 'The response was blocked by the security guard.',
    description: 'The security guard blocked the response.',
  },
  security_guard_unavailable: {
    status: 502,
    type: 'guard_error',
    message: 'The security guard is unavailable.',
    description: 'The security guard is unreachable and `guard_fail_open` is off.',
  },
  security_guard_timeout: {
    status: 504,
    type: 'guard_error',
    message: 'The security guard did not answer in time.',
    description: 'The security guard did not answer within its timeout.',
  },
});
