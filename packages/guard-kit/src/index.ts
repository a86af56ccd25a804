/** @sluice/guard-kit: what a guard plugin and a guard module share: the guard HTTP client, the module server, placeholders, scan budgets and pattern safety. */
export { placeholder, placeholderSignature, PLACEHOLDER_KINDS, PLACEHOLDER_PATTERN } from './placeholder.js';
export {
  startModuleServer,
  ModuleRequestError,
  type ModuleRoute,
  type ModuleServer,
  type ModuleServerOptions,
} from './module-server.js';
export { callGuard, GuardCallError, type GuardCallFailureKind, type GuardCallOptions } from './guard-call.js';
export { guardMetrics, type GuardOutcome } from './guard-metrics.js';
export { chunkText, planScan, ScanRun, DEFAULT_MAX_SCAN_CHARS, SCAN_CHUNK_CHARS, type ScanPlan } from './scan-budget.js';
export {
  patternTimeProblem,
  topLevelAlternatives,
  PATTERN_ANALYSIS_TIMEOUT_MS,
  type PatternAnalysisOptions,
} from './pattern-safety.js';
export { GUARD_KIT_ERRORS } from './errors.js';
