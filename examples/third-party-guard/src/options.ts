/**
 * The topic guard's options, declared once: checked by their schema when the plugin is made, then frozen;
 * each carries the directive a `plugin` block sets it with.
 */
import Type from 'typebox';
import { directive } from '@sluice/config';

export const DEFAULT_MATCH_MODE = 'stem';
export const DEFAULT_BLOCK_RESPONSE = 'error_json';
/** What the client reads on a block: it names no topic and repeats nothing the client wrote. */
export const DEFAULT_BLOCK_REASON = 'The request is outside the topics this assistant covers.';

// #region schema
export const TopicGuardOptionsSchema = Type.Object(
  {
    /** Words or phrases; a request must mention at least one. */
    allowedTopics: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1,
      maxItems: 500,
      ...directive('allowed_topics', {
        word: 'topic',
        summary: 'Topics a request may be about: words, or quoted phrases such as "payment method". Required.',
      }),
    }),
    matchMode: Type.Union([Type.Literal('stem'), Type.Literal('word')], {
      default: DEFAULT_MATCH_MODE,
      ...directive('match_mode', {
        word: 'mode',
        summary: '`stem` ("invoices" meets "invoice") or `word` (the exact word only).',
      }),
    }),
    /** `error_json`: 403 `topic_not_allowed`; `completion`: 200 with a refusal. */
    blockResponse: Type.Union([Type.Literal('error_json'), Type.Literal('completion')], {
      default: DEFAULT_BLOCK_RESPONSE,
      ...directive('block_response', {
        word: 'kind',
        summary: 'How a block is answered: `error_json` (403 `topic_not_allowed`) or `completion` (200 with a refusal).',
      }),
    }),
    blockReason: Type.String({
      minLength: 1,
      maxLength: 200,
      default: DEFAULT_BLOCK_REASON,
      ...directive('block_reason', { word: 'text', summary: 'The message of a 403 block.' }),
    }),
  },
  { additionalProperties: false },
);
// #endregion schema

export type TopicGuardOptions = Type.Static<typeof TopicGuardOptionsSchema>;
/** Only the topics are required; everything else has a default. */
export type TopicGuardOptionsInput = Pick<TopicGuardOptions, 'allowedTopics'> & Partial<TopicGuardOptions>;
