/**
 * Options of the privacy guard plugin, declared once: each option's directive, unit and reference
 * sentence sit on its schema, and the config language derives the guard's directives from it.
 */
import Type from 'typebox';
import { directive, inherits, optionSet } from '@sluice/config';
import { DEFAULT_MAX_SCAN_CHARS } from '@sluice/guard-kit';
import { PrivacyModeSchema } from '../contract.js';

/** A duration in seconds, written with units in a config file. */
const seconds = (name: string, value: number, summary: string) =>
  Type.Number({ exclusiveMinimum: 0, default: value, ...directive(name, { unit: 'duration', summary }) });

/**
 * Defaults live in the schema; unknown keys are refused. `failOpen` is the gateway-wide `guard_fail_open`.
 * @example
 * new PrivacyGuardPlugin({ url: 'http://127.0.0.1:8102', apiKey: 'k', mode: 'anonymize', failOpen: false });
 * new PrivacyGuardPlugin(optionsFromConfig(PrivacyGuardOptionsSchema, config));
 */
export const PrivacyGuardOptionsSchema = Type.Object(
  {
    /** A module's base URL (`http(s)://…`), or `local` for the engine in this process. */
    url: Type.String({
      pattern: '^(local|https?://.+)$',
      default: 'local',
      ...directive('privacy_guard_url', {
        word: 'url',
        summary: 'Base URL of a privacy guard module (`http(s)://host:port`), or `local` for the built-in engine in the gateway.',
      }),
    }),
    /** Sent as `x-api-key`; empty: no header. */
    apiKey: Type.String({
      default: '',
      ...directive('privacy_guard_api_key', {
        word: 'key',
        secret: true,
        summary: 'Key sent to the privacy guard module in `x-api-key`.',
      }),
    }),
    timeoutSeconds: seconds('privacy_guard_timeout_seconds', 10, 'Longest a privacy guard scan or restore may take.'),
    mode: Type.Union(PrivacyModeSchema.anyOf, {
      default: 'anonymize',
      ...directive('privacy_guard_mode', {
        word: 'mode',
        summary:
          '`detect_only` reports, `redact` masks for good, `anonymize` swaps in placeholders and restores them in the answer, `block` refuses requests with personal data.',
      }),
    }),
    /** Tenant named to the module; absent: the exchange's tenant. */
    tenantId: Type.Optional(
      Type.String({
        minLength: 1,
        ...directive('privacy_guard_tenant_id', {
          word: 'tenant',
          summary:
            'Tenant named to the privacy guard for requests no client key admitted; absent: the request’s tenant. A key’s tenant always wins, so tenants never share mappings.',
        }),
      }),
    ),
    policyId: Type.String({
      minLength: 1,
      default: 'default',
      ...directive('privacy_guard_policy_id', { word: 'policy', summary: 'Policy the privacy guard applies.' }),
    }),
    /** Put values back into answers; off: answers keep their placeholders. */
    restore: Type.Boolean({
      default: true,
      ...directive('privacy_guard_restore', {
        summary: 'Put the original values back in answers (anonymize mode); off: answers keep their placeholders.',
      }),
    }),
    /** A scan that fails or times out lets the request go on unscanned. */
    failOpen: Type.Boolean({ default: false, ...inherits('guard_fail_open') }),
    /** Local engine: how long a mapping can be restored. */
    mappingTtlSeconds: seconds(
      'privacy_guard_mapping_ttl_seconds',
      3600,
      'Built-in engine: how long a placeholder mapping can be restored.',
    ),
    /** Local engine: `redis://…` for mappings; absent: in memory. */
    kvUrl: Type.Optional(
      Type.String({
        pattern: '^rediss?(\\+cluster)?://',
        ...directive('privacy_guard_kv_url', {
          word: 'url',
          secret: true,
          summary:
            'Built-in engine: Redis for placeholder mappings (`redis://…`, `rediss://…`, or a cluster: `redis+cluster://host:port,…`). Absent: in memory.',
        }),
      }),
    ),
    kvKeyPrefix: Type.String({
      minLength: 1,
      default: 'sluice:privacy:',
      ...directive('privacy_guard_kv_key_prefix', {
        word: 'prefix',
        summary: 'Built-in engine: prefix of every mapping key in Redis.',
      }),
    }),
    /** Local engine: JSON policy file. */
    policyFile: Type.Optional(
      Type.String({
        minLength: 1,
        ...directive('privacy_guard_policy_file', {
          word: 'path',
          summary: 'Built-in engine: JSON file of privacy policies (kinds, extra patterns, a fixed mode per policy).',
        }),
      }),
    ),
    /**
     * Most characters of a request's texts scanned; longer texts follow `failOpen`: the first part is
     * scanned and the rest sent on as it is, or the request fails unscanned.
     */
    maxScanChars: Type.Integer({
      minimum: 1,
      default: DEFAULT_MAX_SCAN_CHARS,
      ...directive('privacy_guard_max_scan_chars', {
        word: 'chars',
        summary:
          'Most characters of message text the guard scans per request. Longer: with guard_fail_open on, the first part is scanned and the rest goes upstream as it is (counted, evidenced); off, the request fails unscanned with 413 `request_too_large_to_scan`. The default, 1 MiB of characters, admits every request the default max_request_body_bytes does.',
      }),
    }),
  },
  {
    additionalProperties: false,
    ...optionSet({
      enabledBy: {
        directive: 'privacy_guard_enabled',
        default: false,
        summary: 'Scan request messages for personal data before caches, the usage guard and the upstream.',
      },
    }),
  },
);

export type PrivacyGuardOptions = Type.Static<typeof PrivacyGuardOptionsSchema>;
export type PrivacyGuardOptionsInput = Partial<PrivacyGuardOptions>;
