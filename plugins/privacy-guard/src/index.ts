/** @sluice/plugin-privacy-guard: personal data anonymised before caches and the upstream, restored after. */
export { detectPersonalData, BUILTIN_DETECTORS, type DetectOptions } from './engine/detect.js';
export type { Detection, Detector } from './engine/detectors/detector.js';
export { luhnValid } from './engine/detectors/credit-card.js';
export { ibanChecksumValid } from './engine/detectors/iban.js';
export { patternDetector, type PatternSpec } from './engine/detectors/pattern.js';
export {
  FINDING_KINDS,
  PLACEHOLDER_KIND_OF,
  SEVERITY_OF,
  type FindingKind,
  type PlaceholderKind,
  type Severity,
} from './engine/finding-kinds.js';
export { transformTexts, restoreText, type TextMode, type TransformResult } from './engine/transform.js';
export { PrivacyEngine, type PrivacyEngineOptions } from './engine/engine.js';
export { openPrivacyEngine, type OpenPrivacyEngineOptions } from './engine/open-engine.js';
export { memoryMappingStore, type MappingRecord, type MappingStore } from './engine/mapping-store.js';
export { redisMappingStore, type RedisMappingStoreOptions, type StoreLogger } from './engine/redis-mapping-store.js';
export {
  parsePrivacyPolicies,
  loadPrivacyPolicies,
  checkPrivacyPolicyPatterns,
  resolvePolicy,
  type PrivacyPolicy,
  type PrivacyPolicies,
} from './engine/policy.js';
export {
  PRIVACY_MODES,
  type PrivacyMode,
  type ScanRequest,
  type ScanReply,
  type RestoreRequest,
  type RestoreReply,
  type WireMessage,
  type WireFinding,
} from './contract.js';
export { PrivacyGuardPlugin } from './plugin/plugin.js';
export { PrivacyGuardOptionsSchema, type PrivacyGuardOptions, type PrivacyGuardOptionsInput } from './plugin/options.js';
export type { RestoreSkipReason } from './plugin/privacy-metrics.js';
export { startPrivacyGuardServer, type PrivacyGuardServerOptions } from './server.js';
export { PRIVACY_GUARD_ERRORS } from './errors.js';
