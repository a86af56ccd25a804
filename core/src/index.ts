/**
 * @sluice/core: what a plugin, a gateway composed in code, or an app mounting the pipeline needs —
 * the kernel and its hooks, stages, the exchange, verdicts, errors, directives and plugin modules,
 * evidence, metrics, the Koa host, and the guard module server. Everything else the project's own
 * packages share lives in `@sluice/core/internal`, which carries no compatibility promise.
 */
export { Kernel, type KernelOptions } from './kernel.js';
export { HOOK_NAMES, type Hooks } from './hooks.js';
export { Stage, type StageName } from './stage.js';
export { Exchange, type AbortSource, type ExchangeInit, type Mode, type CacheOutcome, type CostOutcome } from './exchange.js';
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
export { refusalCompletion, blockError } from './block-response.js';
export {
  ERRORS,
  GatewayError,
  errorEnvelope,
  toGatewayError,
  type ErrorCode,
  type ErrorEnvelope,
  type GatewayErrorDetails,
} from './errors.js';
export { Metrics, LATENCY_BUCKETS, type HistogramSpec, type MetricSpec } from './metrics.js';
export { processMetrics } from './process-metrics.js';
export * from './evidence/event.js';
export type { Route, RouteReply, RouteRequest } from './route.js';
export { createGatewayRouter, gatewayMiddleware } from './host/router.js';
export { DEFAULT_MAX_BODY_BYTES, type HostOptions } from './host/host-options.js';
export { writeError } from './host/write-error.js';
export { ConfigError, ConfigErrors, type Location } from './config/config-error.js';
export {
  defineDirectives,
  type ArgSpec,
  type ArgUnit,
  type DirectiveSet,
  type DirectiveSpec,
  type DirectiveValues,
} from './config/directive.js';
export { ResolvedConfig, type ResolvedEntry } from './config/resolved-config.js';
export type { PluginBlock } from './config/plugin-blocks.js';
export { definePluginModule, PLUGIN_MODULE_EXPORT, type PluginModule, type PluginModuleContext } from './config/plugin-module.js';
export { placeholder, placeholderSignature, PLACEHOLDER_KINDS, PLACEHOLDER_PATTERN } from './placeholder.js';
export {
  startModuleServer,
  ModuleRequestError,
  type ModuleRoute,
  type ModuleServer,
  type ModuleServerOptions,
} from './guard/module-server.js';
