/** @sluice/plugin-security-guard: prompt-attack and secret-leak scans, in process or over the module contract. */
export { SecurityGuardPlugin } from './plugin/plugin.js';
export { SecurityGuardOptionsSchema, type SecurityGuardOptions, type SecurityGuardOptionsInput } from './plugin/options.js';
export { requestScanMessages, responseScanMessages, systemPromptOf } from './plugin/scan-messages.js';
export { SecurityGuardEngine, type SecurityGuardEngineOptions } from './engine/engine.js';
export {
  compileRule,
  countMatches,
  SEVERITY_RANK,
  type MatchCheck,
  type SecurityRule,
  type SecurityRuleSpec,
  type SecurityRuleStage,
  type SecuritySeverity,
  type SecurityStage,
} from './engine/rule.js';
export { REQUEST_RULES } from './engine/request-rules.js';
export { RESPONSE_RULES } from './engine/response-rules.js';
export {
  buildRuleSet,
  ENCODED_PAYLOAD_CHECK,
  SYSTEM_ECHO_CHECK,
  type SecurityCheck,
  type SecurityRuleSet,
} from './engine/rule-set.js';
export { loadSecurityPolicy, parseSecurityPolicy, checkSecurityPolicyPatterns } from './engine/policy.js';
export {
  SecurityPolicySchema,
  SecurityPolicyRuleSchema,
  type SecurityPolicy,
  type SecurityPolicyRule,
} from './engine/policy-schema.js';
export { systemPromptEchoes, ECHO_DEFAULT_SPAN_WORDS, ECHO_MIN_SYSTEM_WORDS } from './engine/system-echo.js';
export {
  readSecurityReply,
  readRefusal,
  type SecurityFinding,
  type SecurityGuardMode,
  type SecurityReplyReading,
  type SecurityScanMessage,
  type SecurityScanReply,
  type SecurityScanRequest,
} from './contract.js';
export { startSecurityGuardServer, SECURITY_GUARD_MODE_ENV, type SecurityGuardServerOptions } from './server.js';
export { SECURITY_GUARD_ERRORS } from './errors.js';
