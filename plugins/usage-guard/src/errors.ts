/** The error codes of the usage guard: its block, and a guard module that cannot answer. */
import { defineErrors } from '@sluice/core';

/**
 * The usage guard's codes; the kit's (`GUARD_KIT_ERRORS`) it answers with too.
 * @example
 * const { status } = USAGE_GUARD_ERRORS.usage_request_blocked; // 403
 */
export const USAGE_GUARD_ERRORS = defineErrors('@sluice/plugin-usage-guard', {
  usage_request_blocked: {
    status: 403,
    type: 'policy_error',
    message: 'The request was blocked by the usage guard.',
    description: 'The usage guard blocked or escalated the request.',
  },
  usage_guard_unavailable: {
    status: 502,
    type: 'guard_error',
    message: 'The usage guard is unavailable.',
    description: 'The usage guard is unreachable and `guard_fail_open` is off.',
  },
  usage_guard_timeout: {
    status: 504,
    type: 'guard_error',
    message: 'The usage guard did not answer in time.',
    description: 'The usage guard did not answer within its timeout.',
  },
});
