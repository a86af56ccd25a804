/** The privacy guard's directives. */
import Type from 'typebox';
import { defineDirectives, type DirectiveValues } from '@sluice/config';
import { DEFAULT_MAX_SCAN_CHARS } from '@sluice/guard-kit';
import type { PrivacyMode } from '../contract.js';
import { PrivacyModeSchema } from '../contract.js';
import type { PrivacyGuardOptionsInput } from './options.js';

const seconds = (summary: string, value: number) => ({
  summary,
  args: [{ name: 'seconds', schema: Type.Number({ exclusiveMinimum: 0 }), unit: 'duration' as const }],
  default: value,
});

/**
 * The directives the privacy guard owns, for the config language.
 * @example
 * const config = resolveConfig(parseConfig(text, { file }), [coreDirectives, privacyGuardDirectives]);
 */
export const privacyGuardDirectives = defineDirectives({
  privacy_guard_enabled: {
    summary: 'Scan request messages for personal data before caches, the usage guard and the upstream.',
    args: [{ name: 'flag', schema: Type.Boolean() }],
    default: false,
  },
  privacy_guard_url: {
    summary: 'Base URL of a privacy guard module (`http(s)://host:port`), or `local` for the built-in engine in the gateway.',
    args: [{ name: 'url', schema: Type.String({ pattern: '^(local|https?://.+)$' }) }],
    default: 'local',
  },
  privacy_guard_api_key: {
    summary: 'Key sent to the privacy guard module in `x-api-key`.',
    args: [{ name: 'key', schema: Type.String() }],
    secret: true,
  },
  privacy_guard_timeout_seconds: seconds('Longest a privacy guard scan or restore may take.', 10),
  privacy_guard_mode: {
    summary:
      '`detect_only` reports, `redact` masks for good, `anonymize` swaps in placeholders and restores them in the answer, `block` refuses requests with personal data.',
    args: [{ name: 'mode', schema: PrivacyModeSchema }],
    default: 'anonymize',
  },
  privacy_guard_tenant_id: {
    summary: 'Tenant named to the privacy guard; absent: the request’s tenant.',
    args: [{ name: 'tenant', schema: Type.String({ minLength: 1 }) }],
  },
  privacy_guard_policy_id: {
    summary: 'Policy the privacy guard applies.',
    args: [{ name: 'policy', schema: Type.String({ minLength: 1 }) }],
    default: 'default',
  },
  privacy_guard_restore: {
    summary: 'Put the original values back in answers (anonymize mode); off: answers keep their placeholders.',
    args: [{ name: 'flag', schema: Type.Boolean() }],
    default: true,
  },
  privacy_guard_mapping_ttl_seconds: seconds('Built-in engine: how long a placeholder mapping can be restored.', 3600),
  privacy_guard_kv_url: {
    summary: 'Built-in engine: Redis for placeholder mappings (`redis://…`, `rediss://…`). Absent: in memory.',
    args: [{ name: 'url', schema: Type.String({ pattern: '^rediss?://' }) }],
    secret: true,
  },
  privacy_guard_kv_key_prefix: {
    summary: 'Built-in engine: prefix of every mapping key in Redis.',
    args: [{ name: 'prefix', schema: Type.String({ minLength: 1 }) }],
    default: 'sluice:privacy:',
  },
  privacy_guard_policy_file: {
    summary: 'Built-in engine: JSON file of privacy policies (kinds, extra patterns, a fixed mode per policy).',
    args: [{ name: 'path', schema: Type.String({ minLength: 1 }) }],
  },
  privacy_guard_max_scan_chars: {
    summary:
      'Most characters of message text the guard scans per request. Longer: with guard_fail_open on, the first part is scanned and the rest goes upstream as it is (counted, evidenced); off, the request fails unscanned with 413 `request_too_large_to_scan`. The default, 1 MiB of characters, admits every request the default max_request_body_bytes does.',
    args: [{ name: 'chars', schema: Type.Integer({ minimum: 1 }) }],
    default: DEFAULT_MAX_SCAN_CHARS,
  },
});

/**
 * The plugin's options, or undefined when `privacy_guard_enabled` is off (the default).
 * @example
 * const options = privacyGuardOptionsFromConfig(config);
 * if (options) kernel.use(new PrivacyGuardPlugin(options));
 */
export function privacyGuardOptionsFromConfig(config: DirectiveValues): PrivacyGuardOptionsInput | undefined {
  if (config.get<boolean>('privacy_guard_enabled') !== true) return undefined;
  const optional = <T>(name: string, key: string) => {
    const value = config.get<T>(name);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    url: config.get<string>('privacy_guard_url') ?? 'local',
    apiKey: config.get<string>('privacy_guard_api_key') ?? '',
    timeoutSeconds: config.get<number>('privacy_guard_timeout_seconds') ?? 10,
    mode: config.get<PrivacyMode>('privacy_guard_mode') ?? 'anonymize',
    policyId: config.get<string>('privacy_guard_policy_id') ?? 'default',
    restore: config.get<boolean>('privacy_guard_restore') ?? true,
    failOpen: config.get<boolean>('guard_fail_open') ?? false,
    mappingTtlSeconds: config.get<number>('privacy_guard_mapping_ttl_seconds') ?? 3600,
    kvKeyPrefix: config.get<string>('privacy_guard_kv_key_prefix') ?? 'sluice:privacy:',
    ...scanBudget(config.get<number>('privacy_guard_max_scan_chars')),
    ...optional<string>('privacy_guard_tenant_id', 'tenantId'),
    ...optional<string>('privacy_guard_kv_url', 'kvUrl'),
    ...optional<string>('privacy_guard_policy_file', 'policyFile'),
  };
}

/** The budget when the file sets one other than the default; otherwise the options' schema default stands. */
function scanBudget(maxScanChars: number | undefined): { maxScanChars?: number } {
  return maxScanChars === undefined || maxScanChars === DEFAULT_MAX_SCAN_CHARS ? {} : { maxScanChars };
}
