/** @sluice/plugin-openai-upstream: the OpenAI-compatible provider behind the gateway. */
export { OpenAIUpstreamPlugin } from './plugin.js';
export { OpenAIUpstreamOptionsSchema, type OpenAIUpstreamOptions, type OpenAIUpstreamOptionsInput } from './options.js';
export { statusClass } from './failure.js';
export { ChunkAssembler } from './stream/chunk-assembler.js';
export { OPENAI_UPSTREAM_ERRORS } from './errors.js';
