/** Builds an engine from plain settings: a policy file, and Redis or memory for its mappings. */
import { PrivacyEngine } from './engine.js';
import { memoryMappingStore } from './mapping-store.js';
import { loadPrivacyPolicies } from './policy.js';
import { redisMappingStore, type StoreLogger } from './redis-mapping-store.js';

export interface OpenPrivacyEngineOptions {
  /** `redis://…`; absent: mappings in memory. */
  readonly kvUrl?: string | undefined;
  /** Default `sluice:privacy:`. */
  readonly kvKeyPrefix?: string | undefined;
  /** Longest one mapping store operation may take. Default 1000. */
  readonly kvTimeoutMs?: number | undefined;
  /** Default 3600. */
  readonly mappingTtlSeconds?: number | undefined;
  /** JSON policy file (policy.ts). */
  readonly policyFile?: string | undefined;
  readonly logger?: StoreLogger | undefined;
}

/**
 * @example
 * const engine = await openPrivacyEngine({ kvUrl: 'redis://127.0.0.1:6379', mappingTtlSeconds: 600 });
 */
export async function openPrivacyEngine(options: OpenPrivacyEngineOptions = {}): Promise<PrivacyEngine> {
  const policies = options.policyFile === undefined ? undefined : await loadPrivacyPolicies(options.policyFile);
  const mappings =
    options.kvUrl === undefined
      ? memoryMappingStore()
      : await redisMappingStore({
          url: options.kvUrl,
          keyPrefix: options.kvKeyPrefix ?? 'sluice:privacy:',
          timeoutMs: options.kvTimeoutMs ?? 1000,
          ...(options.logger === undefined ? {} : { logger: options.logger }),
        });
  return new PrivacyEngine({
    mappings,
    ...(policies === undefined ? {} : { policies }),
    ...(options.mappingTtlSeconds === undefined ? {} : { mappingTtlSeconds: options.mappingTtlSeconds }),
  });
}
