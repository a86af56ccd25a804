/** The error codes every guard shares: a guard module that breaks the contract, and text over a scan budget. */
import { defineErrors } from '@sluice/core';

/**
 * The codes any guard built on the kit may answer with, whatever its kind.
 * @example
 * throw new GatewayError('guard_contract_violation', { guard: PLUGIN_NAME, message: 'The reply has no messages.' });
 */
export const GUARD_KIT_ERRORS = defineErrors('@sluice/guard-kit', {
  guard_contract_violation: {
    status: 422,
    type: 'guard_error',
    message: 'A guard module answered in an unexpected form.',
    description: 'A guard answered in an unexpected form (or with 400/422).',
  },
  request_too_large_to_scan: {
    status: 413,
    type: 'invalid_request_error',
    message: 'The request holds more text than a guard scans (its max_scan_chars); send less text.',
    description:
      "A guard's texts of the request are longer than its `*_guard_max_scan_chars` and `guard_fail_open` is off. 413 as for `request_too_large`: the same request always gets it, so it is not a 503 to retry; the client sends less text or the operator raises the limit ([guards/budget.md](guards/budget.md)).",
  },
  response_too_large_to_scan: {
    status: 502,
    type: 'guard_error',
    message: 'The upstream answer holds more text than a guard scans (its max_scan_chars).',
    description:
      "The upstream answer's texts are longer than the security guard's `security_guard_max_scan_chars` and `guard_fail_open` is off: the answer cannot be vouched for, and the client is not at fault.",
  },
});
