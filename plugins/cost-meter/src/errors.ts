/** The error code of the model allowlist. */
import { defineErrors } from '@sluice/core';

/**
 * The cost meter's code: a model it has no price for.
 * @example
 * const { status } = COST_METER_ERRORS.model_not_allowed; // 400
 */
export const COST_METER_ERRORS = defineErrors('@sluice/plugin-cost-meter', {
  model_not_allowed: {
    status: 400,
    type: 'invalid_request_error',
    message: 'The model is not in the list of allowed models.',
    description: 'The model has no `model_price` entry and `allow_unknown_models_pass_through` is off.',
  },
});
