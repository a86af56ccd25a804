/**
 * @sluice/plugin-usage-guard: policy evaluation and quotas per tenant. The plugin calls a usage guard
 * module over its contract or runs the engine in process; the engine and its module server are here too.
 */
export { UsageGuardPlugin, USAGE_WARNING_HEADER } from './plugin/plugin.js';
export { UsageGuardOptionsSchema, type UsageGuardOptions, type UsageGuardOptionsInput } from './plugin/options.js';
export { readUsageReply, UsageContractError, type UsageReplyView } from './plugin/read-reply.js';
export {
  USAGE_MODES,
  UsageScanRequestSchema,
  type UsageMode,
  type UsageDecision,
  type UsageScanRequest,
  type UsageScanReply,
  type UsageFinding,
} from './contract.js';
export { UsageEngine, UnknownUsagePolicyError, type UsageEngineOptions } from './engine/usage-engine.js';
export { openUsageEngine, type OpenUsageEngineOptions } from './engine/open-engine.js';
export { classify, type Classification } from './engine/classify.js';
export { estimatePromptTokens } from './engine/token-estimate.js';
export { loadUsagePolicy, parseUsagePolicy, checkUsagePolicyPatterns, UsagePolicyError } from './policy/parse-policy.js';
export { BUILTIN_USAGE_POLICY, builtinUsagePolicy } from './policy/builtin-policy.js';
export {
  PolicyFileSchema,
  type UsagePolicyFile,
  type PolicySpec,
  type QuotaSpec,
  type CategorySpec,
} from './policy/policy-schema.js';
export {
  GENERAL_CATEGORY,
  type UsagePolicySet,
  type CompiledPolicy,
  type CompiledCategory,
  type CompiledQuota,
} from './policy/compiled-policy.js';
export type { QuotaCounters, QuotaCharge, QuotaOutcome } from './quota/quota-counters.js';
export { memoryQuotaCounters } from './quota/memory-counters.js';
export { redisQuotaCounters, type RedisQuotaCountersOptions } from './quota/redis-counters.js';
export { startUsageGuardServer, type UsageGuardServerOptions } from './server.js';
export { USAGE_GUARD_ERRORS } from './errors.js';
