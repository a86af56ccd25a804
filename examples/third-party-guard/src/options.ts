/** The topic guard's options: checked by their schema when the plugin is made, then frozen. */
import Type from 'typebox';

export const DEFAULT_MATCH_MODE = 'stem';
export const DEFAULT_BLOCK_RESPONSE = 'error_json';
/** What the client reads on a block: it names no topic and repeats nothing the client wrote. */
export const DEFAULT_BLOCK_REASON = 'The request is outside the topics this assistant covers.';

// #region schema
export const TopicGuardOptionsSchema = Type.Object(
  {
    /** Words or phrases; a request must mention at least one. */
    allowedTopics: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 500 }),
    matchMode: Type.Union([Type.Literal('stem'), Type.Literal('word')], { default: DEFAULT_MATCH_MODE }),
    /** `error_json`: 403 `topic_not_allowed`; `completion`: 200 with a refusal. */
    blockResponse: Type.Union([Type.Literal('error_json'), Type.Literal('completion')], { default: DEFAULT_BLOCK_RESPONSE }),
    blockReason: Type.String({ minLength: 1, maxLength: 200, default: DEFAULT_BLOCK_REASON }),
  },
  { additionalProperties: false },
);
// #endregion schema

export type TopicGuardOptions = Type.Static<typeof TopicGuardOptionsSchema>;
/** Only the topics are required; everything else has a default. */
export type TopicGuardOptionsInput = Pick<TopicGuardOptions, 'allowedTopics'> & Partial<TopicGuardOptions>;
