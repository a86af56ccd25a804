/** Options of the openai-upstream plugin. */
import Type from 'typebox';

export const OpenAIUpstreamOptionsSchema = Type.Object(
  {
    baseUrl: Type.String({ minLength: 1, default: 'https://api.openai.com/v1' }),
    apiKey: Type.String({ default: 'dummy' }),
    timeoutSeconds: Type.Number({ exclusiveMinimum: 0, default: 120 }),
    connections: Type.Integer({ minimum: 1, maximum: 4096, default: 128 }),
    /** Largest provider stream read, in bytes. */
    streamMaxBytes: Type.Integer({ minimum: 1024, default: 8 * 1024 * 1024 }),
    /** Longest whole streamed generation. */
    streamMaxSeconds: Type.Number({ exclusiveMinimum: 0, default: 900 }),
  },
  { additionalProperties: false },
);

export type OpenAIUpstreamOptions = Type.Static<typeof OpenAIUpstreamOptionsSchema>;
/** What a caller may pass: every field has a default. */
export type OpenAIUpstreamOptionsInput = Partial<OpenAIUpstreamOptions>;
