/** The error code the topic guard answers with: registered under this package's name, like any of sluice's own. */
import { defineErrors } from '@sluice/core';

// #region errors
/**
 * The topic guard's code. Registered when the package is imported, so a gateway that loads it lists
 * the code and refuses to start if another package already defined it.
 * @example
 * const { status, type } = TOPIC_GUARD_ERRORS.topic_not_allowed; // 403, 'policy_error'
 */
export const TOPIC_GUARD_ERRORS = defineErrors('@acme/sluice-topic-guard', {
  topic_not_allowed: {
    status: 403,
    type: 'policy_error',
    message: 'The request is outside the topics this assistant covers.',
    description:
      "The topic guard found none of its allowed topics in the request's user messages (`block_response error_json`); the message is the `block_reason`.",
  },
});
// #endregion errors
