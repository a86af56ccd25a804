/** The error codes a client-key check answers with. */
import { defineErrors } from '@sluice/core';

/**
 * The client-key plugin's codes: no key or an unknown one, a model the key may not use, and a key store
 * that cannot answer.
 * @example
 * const { status } = CLIENT_KEYS_ERRORS.invalid_api_key; // 401
 */
export const CLIENT_KEYS_ERRORS = defineErrors('@sluice/plugin-client-keys', {
  invalid_api_key: {
    status: 401,
    type: 'invalid_request_error',
    message: 'Incorrect API key provided.',
    description:
      'Client keys are required (`client_auth required`) and the request has no `Authorization: Bearer` key, or it presents a key the gateway does not know (also under `client_auth optional`). The message never repeats the key.',
  },
  model_not_allowed_for_key: {
    status: 403,
    type: 'invalid_request_error',
    message: 'This API key may not use the requested model.',
    description: 'The client key has a `models` list and the requested model is not in it; the message names the model.',
  },
  client_key_store_unavailable: {
    status: 503,
    type: 'server_error',
    message: 'The gateway cannot check API keys right now; retry shortly.',
    description:
      'The Redis key store did not answer and the key was not in memory; with `client_keys_fail_open on` the request goes on as tenant `default` instead.',
  },
});

/** What OpenAI answers when no key is sent, so clients show the message they know. */
export const MISSING_KEY_MESSAGE =
  "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).";
