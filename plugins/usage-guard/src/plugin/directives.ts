/** The usage guard's directives, named as the product specification names them. */
import Type from 'typebox';
import { defineDirectives, type DirectiveValues } from '@sluice/config';
import { DEFAULT_MAX_SCAN_CHARS } from '@sluice/guard-kit';
import type { UsageGuardOptionsInput } from './options.js';

const text = (name: string) => [{ name, schema: Type.String({ minLength: 1 }) }];

/**
 * @example
 * const config = resolveConfig(parseConfig(text, { file }), [coreDirectives, usageGuardDirectives]);
 */
export const usageGuardDirectives = defineDirectives({
  usage_guard_enabled: {
    summary: 'Evaluate every request against the usage guard (after privacy anonymisation) before any cache or upstream.',
    args: [{ name: 'flag', schema: Type.Boolean() }],
    default: false,
  },
  usage_guard_url: {
    summary: 'Base URL of a usage guard module (`http://…`), or `local` for the built-in engine in process.',
    args: [{ name: 'url', schema: Type.Union([Type.Literal('local'), Type.String({ pattern: '^https?://' })]) }],
    default: 'local',
  },
  usage_guard_api_key: {
    summary: 'Key sent to the module in `x-api-key`.',
    args: text('key'),
    secret: true,
  },
  usage_guard_mode: {
    summary:
      '`detect_only` (classify and count, never block), `warn` (allow with a warning), `enforce` (block denied categories, unknown models and used-up quotas) or `escalate` (block denied categories as `escalate`, for review).',
    args: [
      {
        name: 'mode',
        schema: Type.Union([
          Type.Literal('detect_only'),
          Type.Literal('warn'),
          Type.Literal('enforce'),
          Type.Literal('escalate'),
        ]),
      },
    ],
    default: 'enforce',
  },
  usage_guard_tenant_id: {
    summary: 'Tenant sent to the module; absent: the request’s own tenant.',
    args: text('tenant'),
  },
  usage_guard_policy_id: {
    summary: 'Policy the module applies; absent: the tenant’s policy, else the policy file’s default.',
    args: text('policy'),
  },
  usage_guard_timeout_seconds: {
    summary:
      'Longest a usage decision may take; past it the request fails with 504 `usage_guard_timeout` (or goes on with guard_fail_open on).',
    args: [{ name: 'seconds', schema: Type.Number({ exclusiveMinimum: 0 }), unit: 'duration' }],
    default: 10,
  },
  usage_guard_block_response: {
    summary: 'How a block is answered: `error_json` (403 `usage_request_blocked`) or `completion` (200 with a refusal).',
    args: [{ name: 'kind', schema: Type.Union([Type.Literal('completion'), Type.Literal('error_json')]) }],
    default: 'error_json',
  },
  usage_guard_policy_file: {
    summary: 'With `usage_guard_url local`: the JSON policy file. Absent: the built-in policy, which allows everything.',
    args: text('path'),
  },
  usage_guard_kv_url: {
    summary: 'With `usage_guard_url local`: Redis (`redis://…`) for quota counters shared between gateways. Absent: in memory.',
    args: [{ name: 'url', schema: Type.String({ pattern: '^rediss?://' }) }],
    secret: true,
  },
  usage_guard_max_scan_chars: {
    summary:
      'Most characters of message text the guard classifies per request (token quotas still count the whole prompt). Longer: with guard_fail_open on, the first part is classified and the request goes on (counted, evidenced); off, it fails unclassified with 413 `request_too_large_to_scan`. The default, 1 MiB of characters, admits every request the default max_request_body_bytes does.',
    args: [{ name: 'chars', schema: Type.Integer({ minimum: 1 }) }],
    default: DEFAULT_MAX_SCAN_CHARS,
  },
});

/**
 * The plugin's options, or undefined when `usage_guard_enabled off`.
 * @example
 * const options = usageGuardOptionsFromConfig(config);
 * if (options) kernel.use(new UsageGuardPlugin(options));
 */
export function usageGuardOptionsFromConfig(config: DirectiveValues): UsageGuardOptionsInput | undefined {
  if (config.get<boolean>('usage_guard_enabled') !== true) return undefined;
  const optional = <K extends keyof UsageGuardOptionsInput>(key: K, directive: string) => {
    const value = config.get<UsageGuardOptionsInput[K]>(directive);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    url: config.get<string>('usage_guard_url') ?? 'local',
    apiKey: config.get<string>('usage_guard_api_key') ?? '',
    mode: config.get<UsageGuardOptionsInput['mode']>('usage_guard_mode') ?? 'enforce',
    timeoutSeconds: config.get<number>('usage_guard_timeout_seconds') ?? 10,
    blockResponse: config.get<UsageGuardOptionsInput['blockResponse']>('usage_guard_block_response') ?? 'error_json',
    failOpen: config.get<boolean>('guard_fail_open') ?? false,
    ...scanBudget(config.get<number>('usage_guard_max_scan_chars')),
    ...optional('tenantId', 'usage_guard_tenant_id'),
    ...optional('policyId', 'usage_guard_policy_id'),
    ...optional('policyFile', 'usage_guard_policy_file'),
    ...optional('kvUrl', 'usage_guard_kv_url'),
  };
}

/** The budget when the file sets one other than the default; otherwise the options' schema default stands. */
function scanBudget(maxScanChars: number | undefined): { maxScanChars?: number } {
  return maxScanChars === undefined || maxScanChars === DEFAULT_MAX_SCAN_CHARS ? {} : { maxScanChars };
}
