/** Options of the openai-upstream plugin, each with the directive that sets it in a config file. */
import Type from 'typebox';
import { directive } from '@sluice/config';
import { baseUrlProblem } from '@sluice/util';

export const OpenAIUpstreamOptionsSchema = Type.Object(
  {
    /** The one kind of provider; named so a config file can say so. */
    provider: Type.Union([Type.Literal('openai_compatible')], {
      default: 'openai_compatible',
      ...directive('upstream_provider', { word: 'kind', summary: 'Provider kind; `openai_compatible` is the one kind.' }),
    }),
    baseUrl: Type.String({
      minLength: 1,
      default: 'https://api.openai.com/v1',
      ...directive('upstream_base_url', {
        word: 'url',
        summary:
          'Provider root (`https://api.openai.com`) or `/v1` base; the gateway appends the routes. A full endpoint path is an error.',
        check: (url: string) => baseUrlProblem(url),
      }),
    }),
    apiKey: Type.String({
      default: 'dummy',
      ...directive('upstream_api_key', {
        word: 'key',
        secret: true,
        summary: 'Key sent to the upstream as a bearer token. `dummy`, `none`, `null` or `-` send no Authorization header.',
      }),
    }),
    timeoutSeconds: Type.Number({
      exclusiveMinimum: 0,
      default: 120,
      ...directive('upstream_timeout_seconds', {
        unit: 'duration',
        inherits: 'request_timeout_seconds',
        summary: 'Upstream call timeout (and, with streaming, the longest idle gap between chunks).',
      }),
    }),
    /** Largest provider stream read, in bytes. */
    streamMaxBytes: Type.Integer({
      minimum: 1024,
      default: 8 * 1024 * 1024,
      ...directive('max_stream_upstream_bytes', {
        unit: 'size',
        summary: 'Controlled streaming: the largest provider stream read; past it the call is cancelled and the request fails.',
      }),
    }),
    /** Longest whole streamed generation. */
    streamMaxSeconds: Type.Number({
      exclusiveMinimum: 0,
      default: 900,
      ...directive('stream_max_duration_seconds', {
        unit: 'duration',
        summary: 'Controlled streaming: the ceiling on a whole streamed generation.',
      }),
    }),
    connections: Type.Integer({
      minimum: 1,
      maximum: 4096,
      default: 128,
      ...directive('upstream_max_connections', { summary: 'Keep-alive connections to the upstream.' }),
    }),
  },
  { additionalProperties: false },
);

export type OpenAIUpstreamOptions = Type.Static<typeof OpenAIUpstreamOptionsSchema>;
/** What a caller may pass: every field has a default. */
export type OpenAIUpstreamOptionsInput = Partial<OpenAIUpstreamOptions>;
