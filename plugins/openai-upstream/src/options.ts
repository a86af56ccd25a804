/** Options of the openai-upstream plugin, each with the directive that sets it in a config file. */
import Type from 'typebox';
import { directive, optionSet } from '@sluice/config';
import { baseUrlProblem } from '@sluice/util';
import { UpstreamEntrySchema, upstreamsProblem, type UpstreamEntry } from './upstream-blocks.js';

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_API_KEY = 'dummy';

export const OpenAIUpstreamOptionsSchema = Type.Object(
  {
    /** The one kind of provider; named so a config file can say so. */
    provider: Type.Union([Type.Literal('openai_compatible')], {
      default: 'openai_compatible',
      ...directive('upstream_provider', { word: 'kind', summary: 'Provider kind; `openai_compatible` is the one kind.' }),
    }),
    baseUrl: Type.String({
      minLength: 1,
      default: DEFAULT_BASE_URL,
      ...directive('upstream_base_url', {
        word: 'url',
        summary:
          'Provider root (`https://api.openai.com`) or `/v1` base; the gateway appends the routes. A full endpoint path is an error.',
        check: (url: string) => baseUrlProblem(url),
      }),
    }),
    apiKey: Type.String({
      default: DEFAULT_API_KEY,
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
    upstreams: Type.Array(UpstreamEntrySchema, {
      default: [],
      ...directive('upstream', {
        summary:
          'A named upstream with a block of `base_url`, `api_key`, `weight`, `priority` and `models`. When any is written they are the list (and `upstream_base_url` and `upstream_api_key` must not be): a request goes to the upstreams that serve its model, by priority, weighted within one, and falls back to the next on failure.',
        block: 'settings',
        check: (entries: readonly UpstreamEntry[]) => upstreamsProblem(entries),
      }),
    }),
    retries: Type.Integer({
      minimum: 0,
      maximum: 10,
      default: 2,
      ...directive('upstream_retries', {
        summary:
          'Retries of one upstream after a connection failure, a timeout, a 429 or a 500/502/503/504, before falling back to the next; never past the upstream timeout, never once a stream has begun.',
      }),
    }),
    retryBaseMs: Type.Integer({
      minimum: 0,
      maximum: 60_000,
      default: 100,
      ...directive('upstream_retry_base_ms', {
        word: 'ms',
        summary: 'First retry wait, in milliseconds; doubled for each further retry, with jitter (half to all of it).',
      }),
    }),
    retryMaxMs: Type.Integer({
      minimum: 0,
      maximum: 600_000,
      default: 2000,
      ...directive('upstream_retry_max_ms', {
        word: 'ms',
        summary:
          'Longest wait before a retry, in milliseconds, `Retry-After` included: a provider asking for longer is not retried (the next upstream is tried).',
      }),
    }),
    breakerFailures: Type.Integer({
      minimum: 0,
      maximum: 1000,
      default: 5,
      ...directive('upstream_breaker_failures', {
        summary:
          'Consecutive requests an upstream failed (after its retries) that open its circuit breaker, so it is skipped; 0: never opens.',
      }),
    }),
    breakerOpenSeconds: Type.Number({
      exclusiveMinimum: 0,
      default: 30,
      ...directive('upstream_breaker_open_seconds', {
        unit: 'duration',
        summary: 'How long an open breaker skips its upstream before one request goes through as a probe (half-open).',
      }),
    }),
  },
  {
    additionalProperties: false,
    ...optionSet({
      check: (options: { upstreams: readonly unknown[]; baseUrl: string; apiKey: string }) =>
        options.upstreams.length > 0 && (options.baseUrl !== DEFAULT_BASE_URL || options.apiKey !== DEFAULT_API_KEY)
          ? 'upstream_base_url and upstream_api_key are not used once upstream blocks are written; put them in an upstream block'
          : undefined,
    }),
  },
);

export type OpenAIUpstreamOptions = Type.Static<typeof OpenAIUpstreamOptionsSchema>;
/** What a caller may pass: every field has a default; an upstream block needs only its name and base URL. */
export type OpenAIUpstreamOptionsInput = Partial<Omit<OpenAIUpstreamOptions, 'upstreams'>> & {
  readonly upstreams?: readonly {
    readonly name: string;
    readonly settings: Partial<UpstreamEntry['settings']> & { readonly baseUrl: string };
  }[];
};
