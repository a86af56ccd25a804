/** @sluice/vector-cache: the standalone vector answer cache service. */
export { ApiKeys, type KeyCount } from './auth/api-keys.js';
export { authorize, type AuthDecision, type KeyKind } from './auth/authorize.js';
export { presentedKey, type RequestHeaders } from './auth/presented-key.js';
export { LicenseState, type LicenseReload, type WriteRefusal } from './license/license-state.js';
export { COMMUNITY_STATUS, type LicenseStatus } from './license/license-status.js';
export type { License } from './license/license-document.js';
export { verifyLicense, type LicenseCheck, type LicenseProblem } from './license/verify-license.js';
export { issueLicense, type IssueLicenseOptions } from './license/issue-license.js';
export {
  generateLicenseKeyPair,
  loadLicensePrivateKey,
  loadLicensePublicKey,
  type LicenseKeyPair,
} from './license/license-keys.js';
export { VectorCacheService, type StartOptions } from './service.js';
export type { RestoreProgress } from '@sluice/vector-store';
export {
  readSettings,
  SecretSetting,
  SettingError,
  type VectorCacheSettings,
  type Durability,
  type QdrantSettings,
  type VectorBackend,
} from './settings.js';
export { ServiceError, SERVICE_ERRORS, type ServiceErrorCode, type ServiceErrorBody } from './service-error.js';
export { AnswerCache, type QaResult } from './answer-cache.js';
export type { AnswerRecord } from './answer-record.js';
export type { AnswerStore } from './backend/answer-store.js';
export { createVectorCacheApp } from './http/app.js';
export { openApiDocument } from './http/openapi.js';
export { VECTOR_CACHE_VERSION } from './version.js';
