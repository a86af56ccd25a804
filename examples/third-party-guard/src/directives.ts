/** The words a `plugin @acme/sluice-topic-guard { … }` block may contain, and the options they make. */
import Type from 'typebox';
import { defineDirectives, type DirectiveValues } from '@sluice/config';
import {
  DEFAULT_BLOCK_REASON,
  DEFAULT_BLOCK_RESPONSE,
  DEFAULT_MATCH_MODE,
  type TopicGuardOptions,
  type TopicGuardOptionsInput,
} from './options.js';

/**
 * @example
 * const values = resolveConfig(parseConfig('allowed_topics billing support;', { file: 'x.conf' }), [topicGuardDirectives]);
 */
// #region directives
export const topicGuardDirectives = defineDirectives({
  allowed_topics: {
    summary: 'Topics a request may be about: words, or quoted phrases such as "payment method". Required.',
    args: [{ name: 'topic', schema: Type.String({ minLength: 1 }), variadic: true }],
  },
  match_mode: {
    summary: '`stem` ("invoices" meets "invoice") or `word` (the exact word only).',
    args: [{ name: 'mode', schema: Type.Union([Type.Literal('stem'), Type.Literal('word')]) }],
    default: DEFAULT_MATCH_MODE,
  },
  block_response: {
    summary: 'How a block is answered: `error_json` (403 `topic_not_allowed`) or `completion` (200 with a refusal).',
    args: [{ name: 'kind', schema: Type.Union([Type.Literal('error_json'), Type.Literal('completion')]) }],
    default: DEFAULT_BLOCK_RESPONSE,
  },
  block_reason: {
    summary: 'The message of a 403 block.',
    args: [{ name: 'text', schema: Type.String({ minLength: 1, maxLength: 200 }) }],
    default: DEFAULT_BLOCK_REASON,
  },
});
// #endregion directives

/**
 * The plugin's options from a block's values. A block without `allowed_topics` is refused here,
 * so `--test-config` names the missing directive rather than an option.
 * @example
 * const plugin = new TopicGuardPlugin(topicGuardOptionsFromConfig(values));
 */
export function topicGuardOptionsFromConfig(values: DirectiveValues): TopicGuardOptionsInput {
  const allowedTopics = values.get<string[]>('allowed_topics');
  if (allowedTopics === undefined) throw new Error('allowed_topics is required: list the topics requests may be about');
  return {
    allowedTopics,
    matchMode: values.get<TopicGuardOptions['matchMode']>('match_mode') ?? DEFAULT_MATCH_MODE,
    blockResponse: values.get<TopicGuardOptions['blockResponse']>('block_response') ?? DEFAULT_BLOCK_RESPONSE,
    blockReason: values.get<string>('block_reason') ?? DEFAULT_BLOCK_REASON,
  };
}
