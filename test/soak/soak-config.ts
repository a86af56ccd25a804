/** The soak gateway's configuration: every feature on, each store of its own (a Redis key prefix, a temp dir). */

export interface SoakConfigInput {
  readonly upstreamBaseUrl: string;
  readonly redisUrl: string;
  /** The soak's own prefix; every Redis key the gateway writes starts with it. */
  readonly redisPrefix: string;
  readonly semanticDir: string;
  readonly auditUrl: string;
  readonly auditApiKey: string;
  /** Both caches' TTL: an answer asked again later than this is fresh again. */
  readonly cacheTtlSeconds: number;
}

export const SOAK_MODEL = 'soak-model';

export function soakConfig(input: SoakConfigInput): string {
  return `# npm run soak: every feature of the gateway on
listen_addr 127.0.0.1:0;
log_level warn;
upstream_base_url ${input.upstreamBaseUrl};
upstream_api_key dummy;
upstream_timeout_seconds 10;
model_price ${SOAK_MODEL} 1.0 2.0;

exact_cache_enabled on;
kv_url ${input.redisUrl};
kv_key_prefix "${input.redisPrefix}exact:";
cache_ttl_seconds ${input.cacheTtlSeconds};

semantic_cache_enabled on;
embedding_provider local;
semantic_cache_data_dir "${input.semanticDir}";
semantic_cache_ttl_seconds ${input.cacheTtlSeconds};
semantic_cache_autosave_seconds 60;

streaming_enabled on;

security_guard_enabled on;
privacy_guard_enabled on;
privacy_guard_mode anonymize;
privacy_guard_kv_url ${input.redisUrl};
privacy_guard_kv_key_prefix "${input.redisPrefix}privacy:";
privacy_guard_mapping_ttl_seconds 60;
usage_guard_enabled on;

audit_enabled on;
audit_url ${input.auditUrl};
audit_api_key ${input.auditApiKey};
audit_producer_instance_id soak-gateway;
audit_flush_interval_ms 500;
audit_flush_timeout_seconds 20;

graceful_shutdown_timeout_seconds 10;
`;
}
