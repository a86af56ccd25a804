/** The sluice reference audit module: evidence events stored in SQLite, chained by SHA-256, read in order. */
export { startAuditServer, DEFAULT_MAX_BODY_BYTES, type AuditServer, type AuditServerOptions } from './audit-server.js';
export { AuditStore, AUDIT_DB_FILE, storedEventJson, type AppendResult, type StoredEvent } from './audit-store.js';
export { AuditRequestError, type AuditErrorCode } from './audit-errors.js';
export {
  parseEvidenceBatch,
  checkEvidenceEvent,
  MAX_EVENTS_PER_BATCH,
  type EvidenceBatch,
  type EventCheck,
  type RejectedEvent,
} from './event-schema.js';
export { acceptBatch, type BatchResult } from './accept-batch.js';
export { chainHash, GENESIS_HASH } from './hash-chain.js';
export { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './read-routes.js';
export { verifyAuditChain, type ChainVerdict } from './verify-chain.js';
