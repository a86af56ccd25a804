/**
 * Which requests the semantic cache may answer. The specification's rules (string contents only, no
 * `tools`, no `response_format`) plus guards against the known false-hit patterns, each switchable.
 */
import type { ChatRequest, Endpoint } from '@sluice/core';

export type SkipReason =
  | 'endpoint'
  | 'non_string_content'
  | 'tools'
  | 'response_format'
  | 'previous_response'
  | 'last_turn_not_user'
  | 'multiple_choices'
  | 'empty_question';

export interface EligibilityRules {
  /** Agent and tool loops end on an assistant or tool turn; answering those from a cache repeats the previous step. */
  readonly requireLastUser: boolean;
  /** `n > 1` asks for several different answers; one cached answer is not that. */
  readonly skipMultipleChoices: boolean;
}

/**
 * Undefined when the request is eligible, else why not.
 * @example
 * semanticSkipReason({ model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [] }, rules); // 'tools'
 */
export function semanticSkipReason(
  request: Readonly<ChatRequest>,
  rules: EligibilityRules,
  endpoint: Endpoint = 'chat.completions',
): SkipReason | undefined {
  // An embeddings request's inputs are texts to vectorise, not a question: a cached answer is never its reply.
  if (endpoint === 'embeddings') return 'endpoint';
  if (
    request.messages.some(
      (message) => typeof message.content !== 'string' && message.content !== undefined && message.content !== null,
    )
  ) {
    return 'non_string_content';
  }
  if (request.tools !== undefined) return 'tools';
  if (request.response_format !== undefined) return 'response_format';
  // A Responses request that continues a stored response depends on the provider's state, not its body.
  if (request.previous_response_id !== undefined && request.previous_response_id !== null) return 'previous_response';
  const last = request.messages.at(-1);
  if (rules.requireLastUser && last?.role.trim() !== 'user') return 'last_turn_not_user';
  if (rules.skipMultipleChoices && typeof request.n === 'number' && request.n > 1) return 'multiple_choices';
  if (typeof last?.content !== 'string' || last.content.trim() === '') return 'empty_question';
  return undefined;
}
