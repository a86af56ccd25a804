/** @sluice/core: the kernel, its hooks, the exchange, the plugin contract and the Koa host. */
export { Kernel, type KernelOptions } from './kernel.js';
export { createHooks, HOOK_NAMES, type Hooks } from './hooks.js';
export { Stage, type StageName } from './stage.js';
export { Exchange, type ExchangeInit, type Mode, type CacheOutcome, type CostOutcome } from './exchange.js';
export { createSlot, type SlotKey } from './slot.js';
export { validateOptions, PluginOptionsError, type Plugin, type DependencyHealth } from './plugin.js';
export type {
  ChatRequest,
  ChatMessage,
  ChatCompletion,
  ChatCompletionChunk,
  Usage,
  ModelResponse,
  CachedResponse,
} from './chat.js';
export type { Verdict, BlockResponse } from './verdict.js';
export { refusalCompletion, blockError, BLOCKED_COMPLETION_ID_PREFIX } from './block-response.js';
export {
  ERRORS,
  GatewayError,
  errorEnvelope,
  toGatewayError,
  type ErrorCode,
  type ErrorEnvelope,
  type GatewayErrorDetails,
} from './errors.js';
export { Metrics, LATENCY_BUCKETS } from './metrics.js';
export * from './evidence/event.js';
export { logEvidence, EVIDENCE_LOG_TARGET } from './evidence/log-sink.js';
export type { Route, RouteReply, RouteRequest } from './route.js';
export { createGatewayRouter, gatewayMiddleware } from './host/router.js';
export { writeError } from './host/write-error.js';
export { serveChatCompletion, type ChatHandlerOptions } from './host/chat-handler.js';
export { DEFAULT_MAX_BODY_BYTES, type HostOptions } from './host/host-options.js';
export { coreDirectives } from './core-directives.js';
export * from './config/index.js';
export { deepFreeze } from './deep-freeze.js';
export { canonicalJson } from './canonical-json.js';
export { placeholder, placeholderSignature, PLACEHOLDER_KINDS, PLACEHOLDER_PATTERN } from './placeholder.js';
export { baseUrlProblem, normaliseBaseUrl, isPlaceholderKey } from './provider-base-url.js';
export { completionChunks, replayChunks, sseText } from './stream-replay.js';
export { callGuard, GuardCallError, type GuardCallFailureKind, type GuardCallOptions } from './guard/guard-call.js';
export {
  startModuleServer,
  ModuleRequestError,
  type ModuleRoute,
  type ModuleServer,
  type ModuleServerOptions,
} from './guard/module-server.js';
export { guardMetrics, type GuardOutcome } from './guard/guard-metrics.js';
export { readLimitedText, type BodyReadErrors } from './host/read-limited.js';
export {
  Progress,
  progressWanted,
  formatProgress,
  formatCount,
  formatDuration,
  type ProgressOptions,
  type ProgressStream,
} from './progress.js';
