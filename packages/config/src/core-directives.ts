/** Directives the kernel and its Koa host read themselves. */
import Type from 'typebox';
import { defineDirectives } from './directive.js';

export const coreDirectives = defineDirectives({
  gw_enforcement_mode: {
    summary: '`enforce` serves cache hits; `observe` measures what caching would do and always calls the upstream.',
    args: [{ name: 'mode', schema: Type.Union([Type.Literal('enforce'), Type.Literal('observe')]) }],
    default: 'enforce',
  },
  streaming_enabled: {
    summary: 'Accept `stream: true` requests (controlled streaming). Off: they get 422 `streaming_disabled`.',
    args: [{ name: 'flag', schema: Type.Boolean() }],
    default: false,
  },
  max_request_body_bytes: {
    summary: 'Largest accepted request body; larger bodies get 413 `request_too_large`.',
    args: [{ name: 'size', schema: Type.Integer({ minimum: 1 }), unit: 'size' }],
    default: 1024 * 1024,
  },
  guard_fail_open: {
    summary:
      'When a guard module is unavailable or times out: on lets the request continue (counted, evidenced), off fails it. Blocks always stop the request; a privacy restore failure always fails it.',
    args: [{ name: 'flag', schema: Type.Boolean() }],
    default: false,
  },
  request_timeout_seconds: {
    summary: 'Default timeout of outbound calls (upstream, embeddings) when their own is not set.',
    args: [{ name: 'seconds', schema: Type.Number({ exclusiveMinimum: 0 }), unit: 'duration' }],
    default: 120,
  },
});
