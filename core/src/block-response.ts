/** What a block turns into: a refusal completion (HTTP 200) or a 403 gateway error. */
import { randomUUID } from 'node:crypto';
import type { ChatRequest, ModelResponse } from './chat.js';
import { GatewayError } from './errors.js';
import type { Verdict } from './verdict.js';

/**
 * Prefix of the id of a refusal completion, so logs, clients and tests can tell a block from a model
 * answer even when the refusal is streamed or cached.
 * @example
 * const blocked = String(response.body.id).startsWith(BLOCKED_COMPLETION_ID_PREFIX);
 */
export const BLOCKED_COMPLETION_ID_PREFIX = 'chatcmpl-sluice-blocked-';

const REFUSAL = 'I can’t help with that request.';

/**
 * A normal chat completion whose assistant message is a safe refusal: what a `completion` verdict
 * answers. Its id starts `chatcmpl-sluice-blocked-` and its usage is zero.
 * @example
 * const refusal = refusalCompletion(exchange.request); // { status: 200, body: { id: 'chatcmpl-sluice-blocked-…', … } }
 */
export function refusalCompletion(request: Readonly<ChatRequest>): ModelResponse {
  return {
    status: 200,
    body: {
      id: `${BLOCKED_COMPLETION_ID_PREFIX}${randomUUID()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      choices: [
        { index: 0, message: { role: 'assistant', content: REFUSAL, refusal: null }, logprobs: null, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    },
  };
}

/**
 * The 403 error an `error_json` block answers with: the verdict's code, its reason as the message,
 * and the guard and rule id in the envelope.
 * @example
 * writeError(ctx, blockError(verdict));
 */
export function blockError(verdict: Verdict): GatewayError {
  return new GatewayError(verdict.code, { message: verdict.reason, guard: verdict.guard, ruleId: verdict.ruleId });
}
