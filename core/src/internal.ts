/**
 * @sluice/core/internal: what sluice's own plugins and presets share beyond the public API — the
 * config language machinery, the chat handler, guard calls, stream replay and small helpers. No
 * compatibility promise: outside packages use `@sluice/core`.
 */
export { createHooks } from './hooks.js';
export { BLOCKED_COMPLETION_ID_PREFIX } from './block-response.js';
export { logEvidence, EVIDENCE_LOG_TARGET } from './evidence/log-sink.js';
export { EVIDENCE_LIMITS, boundEvidenceEvent, boundText } from './evidence/bounds.js';
export { serveChatCompletion, type ChatHandlerOptions } from './host/chat-handler.js';
export { coreDirectives } from './core-directives.js';
export { byPosition, formatLocation } from './config/config-error.js';
export { interpolate, type Environment } from './config/interpolate.js';
export { tokenize, type Token, type TokenKind } from './config/lexer.js';
export { parseConfig, type Arg, type ConfigDocument, type ParseOptions, type Statement } from './config/parser.js';
export { printConfig, MASK } from './config/printer.js';
export { maskUrl, hasUrlCredentials, urlWithoutUserinfo, URL_SECRET_MASK } from './config/mask-url.js';
export { KeyRedaction, REDACTED_KEY } from './config/key-redaction.js';
export { mergeDirectiveSets, resolveConfig } from './config/resolve.js';
export { distance, suggestName } from './config/suggest.js';
export { loadPluginBlocks, PLUGIN_BLOCK, type PluginBlocksOptions, type PluginBlocksResult } from './config/plugin-blocks.js';
export { deepFreeze } from './deep-freeze.js';
export { canonicalJson } from './canonical-json.js';
export { baseUrlProblem, normaliseBaseUrl, isPlaceholderKey } from './provider-base-url.js';
export { completionChunks, replayChunks, sseText } from './stream-replay.js';
export { callGuard, GuardCallError, type GuardCallFailureKind, type GuardCallOptions } from './guard/guard-call.js';
export { guardMetrics, type GuardOutcome } from './guard/guard-metrics.js';
export { chunkText, planScan, ScanRun, DEFAULT_MAX_SCAN_CHARS, SCAN_CHUNK_CHARS, type ScanPlan } from './guard/scan-budget.js';
export {
  patternTimeProblem,
  topLevelAlternatives,
  PATTERN_ANALYSIS_TIMEOUT_MS,
  type PatternAnalysisOptions,
} from './guard/pattern-safety.js';
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
export {
  watchRedis,
  redactRedisUrl,
  RedisTimeoutError,
  type RedisClientLike,
  type RedisLogger,
  type WatchedRedis,
  type WatchedRedisOptions,
} from './redis/watched-redis.js';
export {
  applyServerTimeouts,
  describeContentType,
  isJsonContentType,
  notJsonMessage,
  DEFAULT_SERVER_TIMEOUTS,
  type ConnectionTimeoutPhase,
  type ServerTimeouts,
} from './host/http-hygiene.js';
export { httpHygieneMetrics, replyMetrics, type HttpHygieneMetrics } from './host/http-hygiene-metrics.js';
