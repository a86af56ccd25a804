/**
 * Options of the usage guard plugin, declared once: each option's directive, unit and reference
 * sentence sit on its schema, and the config language derives the guard's directives from it.
 */
import Type from 'typebox';
import { directive, inherits, optionSet } from '@sluice/config';
import { DEFAULT_MAX_SCAN_CHARS } from '@sluice/guard-kit';

/** One word of text, at least one character. */
const text = (name: string, word: string, summary: string) =>
  Type.String({ minLength: 1, ...directive(name, { word, summary }) });

/**
 * Defaults live in the schema; unknown keys are refused. `failOpen` is the gateway-wide `guard_fail_open`.
 * @example
 * new UsageGuardPlugin({ url: 'http://127.0.0.1:8103', apiKey: 'k', mode: 'warn' });
 * new UsageGuardPlugin(optionsFromConfig(UsageGuardOptionsSchema, config));
 */
export const UsageGuardOptionsSchema = Type.Object(
  {
    /** `local` runs the engine in process; otherwise the module's base URL (`http://…` or `https://…`). */
    url: Type.Union([Type.Literal('local'), Type.String({ pattern: '^https?://' })], {
      default: 'local',
      ...directive('usage_guard_url', {
        word: 'url',
        summary: 'Base URL of a usage guard module (`http://…`), or `local` for the built-in engine in process.',
      }),
    }),
    /** Sent as `x-api-key` to a remote module; empty: no header. */
    apiKey: Type.String({
      default: '',
      ...directive('usage_guard_api_key', {
        word: 'key',
        secret: true,
        summary: 'Key sent to the module in `x-api-key`.',
        // Written in a file, the key is a word of its own: an empty one is a mistake, not a way to send none.
        check: (key: string) =>
          key === '' ? '<key> must not be empty; leave usage_guard_api_key out to send no key' : undefined,
      }),
    }),
    mode: Type.Union([Type.Literal('detect_only'), Type.Literal('warn'), Type.Literal('enforce'), Type.Literal('escalate')], {
      default: 'enforce',
      ...directive('usage_guard_mode', {
        word: 'mode',
        summary:
          '`detect_only` (classify and count, never block), `warn` (allow with a warning), `enforce` (block denied categories, unknown models and used-up quotas) or `escalate` (block denied categories as `escalate`, for review).',
      }),
    }),
    /** Sent as `tenant_id` instead of the exchange's tenant. */
    tenantId: Type.Optional(
      text(
        'usage_guard_tenant_id',
        'tenant',
        'Tenant sent to the module for requests no client key admitted; absent: the request’s own tenant. A key’s tenant always wins, so tenants never share quotas.',
      ),
    ),
    /** Sent as `policy_id`; absent: the module picks by tenant. */
    policyId: Type.Optional(
      text(
        'usage_guard_policy_id',
        'policy',
        'Policy the module applies; absent: the tenant’s policy, else the policy file’s default.',
      ),
    ),
    timeoutSeconds: Type.Number({
      exclusiveMinimum: 0,
      default: 10,
      ...directive('usage_guard_timeout_seconds', {
        unit: 'duration',
        summary:
          'Longest a usage decision may take; past it the request fails with 504 `usage_guard_timeout` (or goes on with guard_fail_open on).',
      }),
    }),
    blockResponse: Type.Union([Type.Literal('completion'), Type.Literal('error_json')], {
      default: 'error_json',
      ...directive('usage_guard_block_response', {
        word: 'kind',
        summary: 'How a block is answered: `error_json` (403 `usage_request_blocked`) or `completion` (200 with a refusal).',
      }),
    }),
    /** A module that is down or too slow lets the request go on (counted, evidenced) instead of failing it. */
    failOpen: Type.Boolean({ default: false, ...inherits('guard_fail_open') }),
    /** `local` only: the JSON policy file; absent: the built-in policy. */
    policyFile: Type.Optional(
      text(
        'usage_guard_policy_file',
        'path',
        'With `usage_guard_url local`: the JSON policy file. Absent: the built-in policy, which allows everything.',
      ),
    ),
    /** `local` only: Redis for counters shared between gateways; absent: in memory. */
    kvUrl: Type.Optional(
      Type.String({
        pattern: '^rediss?(\\+cluster)?://',
        ...directive('usage_guard_kv_url', {
          word: 'url',
          secret: true,
          summary:
            'With `usage_guard_url local`: Redis (`redis://…`, or a cluster: `redis+cluster://host:port,…`) for quota counters shared between gateways. Absent: in memory.',
        }),
      }),
    ),
    /** `local` only: prefix of counter keys on Redis. Set in code only. */
    kvKeyPrefix: Type.String({ minLength: 1, default: 'sluice:usage:' }),
    /**
     * Most characters of a request's texts classified; longer texts follow `failOpen`: the first part is
     * classified, or the request fails unclassified. Quotas still count the whole prompt.
     */
    maxScanChars: Type.Integer({
      minimum: 1,
      default: DEFAULT_MAX_SCAN_CHARS,
      ...directive('usage_guard_max_scan_chars', {
        word: 'chars',
        summary:
          'Most characters of message text the guard classifies per request (token quotas still count the whole prompt). Longer: with guard_fail_open on, the first part is classified and the request goes on (counted, evidenced); off, it fails unclassified with 413 `request_too_large_to_scan`. The default, 1 MiB of characters, admits every request the default max_request_body_bytes does.',
      }),
    }),
  },
  {
    additionalProperties: false,
    ...optionSet({
      enabledBy: {
        directive: 'usage_guard_enabled',
        default: false,
        summary: 'Evaluate every request against the usage guard (after privacy anonymisation) before any cache or upstream.',
      },
    }),
  },
);

export type UsageGuardOptions = Type.Static<typeof UsageGuardOptionsSchema>;
export type UsageGuardOptionsInput = Partial<UsageGuardOptions>;
