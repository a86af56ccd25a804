/** @sluice/plugin-openai-upstream: the OpenAI-compatible provider behind the gateway. */
export { OpenAIUpstreamPlugin } from './plugin.js';
export { OpenAIUpstreamOptionsSchema, type OpenAIUpstreamOptions, type OpenAIUpstreamOptionsInput } from './options.js';
export { UpstreamEntrySchema, UpstreamSettingsSchema, type UpstreamEntry, type UpstreamSettings } from './upstream-blocks.js';
export { DEFAULT_UPSTREAM, type UpstreamStatus } from './upstream-target.js';
export { type BreakerState } from './circuit-breaker.js';
export { statusClass } from './failure.js';
export { ChunkAssembler } from './stream/chunk-assembler.js';
export { OPENAI_UPSTREAM_ERRORS } from './errors.js';
export { UPSTREAM_TRACE_CONTEXT, type UpstreamTraceContext } from './upstream-trace.js';
