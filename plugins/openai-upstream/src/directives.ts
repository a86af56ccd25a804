/** The `upstream_*` directives and their mapping to plugin options. */
import Type from 'typebox';
import { defineDirectives, type DirectiveValues } from '@sluice/config';
import { baseUrlProblem } from '@sluice/util';
import type { OpenAIUpstreamOptionsInput } from './options.js';

export const upstreamDirectives = defineDirectives({
  upstream_provider: {
    summary: 'Provider kind; `openai_compatible` is the one kind.',
    args: [{ name: 'kind', schema: Type.Union([Type.Literal('openai_compatible')]) }],
    default: 'openai_compatible',
  },
  upstream_base_url: {
    summary:
      'Provider root (`https://api.openai.com`) or `/v1` base; the gateway appends the routes. A full endpoint path is an error.',
    args: [{ name: 'url', schema: Type.String({ minLength: 1 }) }],
    default: 'https://api.openai.com/v1',
    check: (value) => baseUrlProblem(String(value)),
  },
  upstream_api_key: {
    summary: 'Key sent to the upstream as a bearer token. `dummy`, `none`, `null` or `-` send no Authorization header.',
    args: [{ name: 'key', schema: Type.String() }],
    secret: true,
    default: 'dummy',
  },
  upstream_timeout_seconds: {
    summary:
      'Upstream call timeout (and, with streaming, the longest idle gap between chunks). Falls back to `request_timeout_seconds`.',
    args: [{ name: 'seconds', schema: Type.Number({ exclusiveMinimum: 0 }), unit: 'duration' }],
  },
  max_stream_upstream_bytes: {
    summary: 'Controlled streaming: the largest provider stream read; past it the call is cancelled and the request fails.',
    args: [{ name: 'size', schema: Type.Integer({ minimum: 1024 }), unit: 'size' }],
    default: 8 * 1024 * 1024,
  },
  stream_max_duration_seconds: {
    summary: 'Controlled streaming: the ceiling on a whole streamed generation.',
    args: [{ name: 'seconds', schema: Type.Number({ exclusiveMinimum: 0 }), unit: 'duration' }],
    default: 900,
  },
  upstream_max_connections: {
    summary: 'Keep-alive connections to the upstream.',
    args: [{ name: 'count', schema: Type.Integer({ minimum: 1, maximum: 4096 }) }],
    default: 128,
  },
});

export function upstreamOptionsFromConfig(config: DirectiveValues): OpenAIUpstreamOptionsInput {
  return {
    baseUrl: config.get<string>('upstream_base_url') ?? 'https://api.openai.com/v1',
    apiKey: config.get<string>('upstream_api_key') ?? 'dummy',
    timeoutSeconds: config.get<number>('upstream_timeout_seconds') ?? config.get<number>('request_timeout_seconds') ?? 120,
    connections: config.get<number>('upstream_max_connections') ?? 128,
    streamMaxBytes: config.get<number>('max_stream_upstream_bytes') ?? 8 * 1024 * 1024,
    streamMaxSeconds: config.get<number>('stream_max_duration_seconds') ?? 900,
  };
}
