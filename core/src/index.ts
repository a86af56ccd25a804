/** @sluice/core: the kernel: hooks, stages, the exchange, the plugin contract, verdicts, errors, metrics and evidence. */
export { Kernel, type KernelOptions, type Plugin, type DependencyHealth } from './kernel.js';
export { HOOK_NAMES, type Hooks, createHooks } from './hooks.js';
export { Stage, type StageName } from './stage.js';
export { Exchange, type AbortSource, type ExchangeInit, type Mode, type CacheOutcome } from './exchange.js';
export { createSlot, type SlotKey } from './slot.js';
export { type LiveStream } from './live-stream.js';
export { CHAT_COMPLETIONS, type Endpoint } from './endpoint.js';
export { validateOptions, PluginOptionsError } from './plugin-options.js';
export {
  type ChatRequest,
  type ChatMessage,
  type ChatCompletion,
  type ChatCompletionChunk,
  type Usage,
  type ModelResponse,
  type CachedResponse,
} from './chat.js';
export { type Verdict, type BlockResponse } from './verdict.js';
export { refusalCompletion, blockError, BLOCKED_COMPLETION_ID_PREFIX } from './block-response.js';
export {
  defineErrors,
  registeredError,
  registeredErrors,
  KERNEL_ERRORS,
  GatewayError,
  errorEnvelope,
  toGatewayError,
  type ErrorCode,
  type ErrorDefinition,
  type ErrorEnvelope,
  type ErrorTable,
  type GatewayErrorDetails,
  type RegisteredError,
} from './errors.js';
export { Metrics, LATENCY_BUCKETS, type HistogramSpec, type MetricSpec } from './metrics.js';
export { processMetrics } from './process-metrics.js';
export { type Route, type RouteReply, type RouteRequest } from './route.js';
export * from './evidence/event.js';
export { evidenceEvent } from './evidence/build-event.js';
export { logEvidence, EVIDENCE_LOG_TARGET } from './evidence/log-sink.js';
export { EVIDENCE_LIMITS, boundEvidenceEvent, boundText } from './evidence/bounds.js';
export { deepFreeze, isDeepFrozen } from './deep-freeze.js';
export { errorsCounter } from './kernel-metrics.js';
