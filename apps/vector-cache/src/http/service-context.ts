/** What the HTTP layer needs of the running service. */
import type { Logger } from 'pino';
import type { HnswVectorStore } from '@sluice/vector-store';
import type { AnswerCache } from '../answer-cache.js';
import type { AnswerRecord } from '../answer-record.js';
import type { LicenseGate } from '../license-gate.js';
import type { VectorCacheSettings } from '../settings.js';
import type { ServiceMetrics } from '../service-metrics.js';

export type KeyScope = 'app' | 'admin';

export interface LicenseStatusBody {
  valid: boolean;
  tier: string;
  org: string;
  days_until_expiry: number;
}

export interface ServiceContext {
  readonly settings: VectorCacheSettings;
  readonly version: string;
  readonly cache: AnswerCache;
  /** The `hnsw` backend's snapshot set and answers files; undefined on `qdrant` (those routes answer 501). */
  readonly files: HnswVectorStore<AnswerRecord> | undefined;
  readonly metrics: ServiceMetrics;
  readonly license: LicenseGate;
  readonly licenseStatus: () => LicenseStatusBody;
  /** The scope of the key a request presents, if any (`X-SVC-Key` or `Authorization: Bearer`). */
  readonly authenticate: (headers: Readonly<Record<string, string | string[] | undefined>>) => KeyScope | undefined;
  readonly logger: Logger;
  /** Why the service cannot take traffic now, or undefined when it can. */
  readonly notReady: () => Promise<string | undefined>;
}
