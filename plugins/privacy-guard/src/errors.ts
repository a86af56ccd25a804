/** The error codes of the privacy guard: its block, a guard module that cannot answer, a failed restore. */
import { defineErrors } from '@sluice/core';

/**
 * The privacy guard's codes; the kit's (`GUARD_KIT_ERRORS`) it answers with too.
 * @example
 * const { status } = PRIVACY_GUARD_ERRORS.privacy_restore_failed; // 502
 */
export const PRIVACY_GUARD_ERRORS = defineErrors('@sluice/plugin-privacy-guard', {
  privacy_request_blocked: {
    status: 403,
    type: 'policy_error',
    message: 'The request was blocked by the privacy guard.',
    description: 'The privacy guard decided `block`.',
  },
  privacy_guard_unavailable: {
    status: 502,
    type: 'guard_error',
    message: 'The privacy guard is unavailable.',
    description: 'The privacy guard is unreachable and `guard_fail_open` is off.',
  },
  privacy_guard_timeout: {
    status: 504,
    type: 'guard_error',
    message: 'The privacy guard did not answer in time.',
    description: 'The privacy guard did not answer within its timeout.',
  },
  privacy_restore_failed: {
    status: 502,
    type: 'guard_error',
    message: 'Restoring placeholders in the response failed.',
    description: 'Placeholders could not be restored (always fails closed).',
  },
});
