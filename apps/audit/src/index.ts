/** The sluice reference audit module: evidence events stored in SQLite or PostgreSQL, chained by SHA-256, read in order. */
export { startAuditServer, DEFAULT_MAX_BODY_BYTES, type AuditServer, type AuditServerOptions } from './audit-server.js';
export { keyRing, type AuditKeys, type KeyRing } from './audit-keys.js';
export {
  AuditStore,
  AUDIT_DB_FILE,
  storedEventJson,
  type AppendResult,
  type AuditStoreOptions,
  type StoredEvent,
} from './audit-store.js';
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
export { chainHash, chainHasher, GENESIS_HASH, MIN_CHAIN_KEY_LENGTH, type ChainHasher, type ChainMode } from './hash-chain.js';
export { chainSegments, chainModeChange, type ChainSegment } from './chain-modes.js';
export { isPostgresUrl, sqliteEventStore, type EventStore } from './event-store.js';
export { openEventStore } from './open-event-store.js';
export { PostgresAuditStore } from './postgres-store.js';
export { migrateAuditSchema, POSTGRES_MIGRATIONS, type Migration } from './postgres-migrations.js';
export { verifyPostgresChain } from './postgres-verify.js';
export { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './read-routes.js';
export {
  verifyAuditChain,
  chainWalker,
  ChainKeyError,
  type ChainVerdict,
  type ChainWalker,
  type VerifyOptions,
} from './verify-chain.js';
export { readKeyFile, readChainKeyFile } from './key-files.js';
