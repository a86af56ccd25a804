/** The security guard's directives, named as the product specification names them. */
import Type from 'typebox';
import { defineDirectives, type DirectiveValues } from '@sluice/config';
import { DEFAULT_MAX_SCAN_CHARS } from '@sluice/guard-kit';
import type { SecurityGuardOptionsInput } from './options.js';

/**
 * The directives the security guard owns; merge them with the other sets when resolving a config.
 * @example
 * const config = resolveConfig(parseConfig(text, { file }), [coreDirectives, securityGuardDirectives]);
 */
export const securityGuardDirectives = defineDirectives({
  security_guard_enabled: {
    summary: 'Scan every request (before the privacy guard, caches and upstream) and every response with the security guard.',
    args: [{ name: 'flag', schema: Type.Boolean() }],
    default: false,
  },
  security_guard_url: {
    summary: 'Base URL of a security guard module (`http://…`), or `local` for the built-in rule engine in process.',
    args: [{ name: 'url', schema: Type.Union([Type.Literal('local'), Type.String({ pattern: '^https?://[^\\s]+$' })]) }],
    default: 'local',
  },
  security_guard_api_key: {
    summary: 'Key sent to the module in `x-api-key`; a key the module refuses (401/403) counts as a block.',
    args: [{ name: 'key', schema: Type.String() }],
    secret: true,
  },
  security_guard_timeout_seconds: {
    summary:
      'Longest a scan may take; past it the request fails with 504 `security_guard_timeout` (or goes on with guard_fail_open on).',
    args: [{ name: 'seconds', schema: Type.Number({ exclusiveMinimum: 0 }), unit: 'duration' }],
    default: 10,
  },
  security_guard_block_response: {
    summary:
      'How a block is answered: `error_json` (403 `security_request_blocked` / `security_response_blocked`) or `completion` (200 with a refusal).',
    args: [{ name: 'kind', schema: Type.Union([Type.Literal('completion'), Type.Literal('error_json')]) }],
    default: 'error_json',
  },
  security_guard_mode: {
    summary:
      'With `security_guard_url local`: `enforce` blocks on a finding, `detect_only` counts and evidences findings and lets the request go on.',
    args: [{ name: 'mode', schema: Type.Union([Type.Literal('detect_only'), Type.Literal('enforce')]) }],
    default: 'enforce',
  },
  security_guard_policy_file: {
    summary: 'With `security_guard_url local`: a JSON file that adds, replaces or disables rules. Absent: the built-in rules.',
    args: [{ name: 'path', schema: Type.String({ minLength: 1 }) }],
  },
  security_guard_scan_responses: {
    summary: 'Scan assistant responses (cached or fresh) for leaked secrets and system-prompt echoes.',
    args: [{ name: 'flag', schema: Type.Boolean() }],
    default: true,
  },
  security_guard_max_scan_chars: {
    summary:
      'Most characters of message text the guard scans per request, and per response. Longer: with guard_fail_open on, the first part is scanned and the request goes on (counted, evidenced); off, it fails unscanned with 413 `request_too_large_to_scan` (502 `response_too_large_to_scan` for an answer). The default, 1 MiB of characters, admits every request the default max_request_body_bytes does.',
    args: [{ name: 'chars', schema: Type.Integer({ minimum: 1 }) }],
    default: DEFAULT_MAX_SCAN_CHARS,
  },
});

/**
 * The plugin's options, or undefined when `security_guard_enabled off`.
 * @example
 * const options = securityGuardOptionsFromConfig(config);
 * if (options) kernel.use(new SecurityGuardPlugin(options));
 */
export function securityGuardOptionsFromConfig(config: DirectiveValues): SecurityGuardOptionsInput | undefined {
  if (config.get<boolean>('security_guard_enabled') !== true) return undefined;
  const policyFile = config.get<string>('security_guard_policy_file');
  return {
    url: config.get<string>('security_guard_url') ?? 'local',
    apiKey: config.get<string>('security_guard_api_key') ?? '',
    timeoutSeconds: config.get<number>('security_guard_timeout_seconds') ?? 10,
    blockResponse: config.get<'completion' | 'error_json'>('security_guard_block_response') ?? 'error_json',
    mode: config.get<'detect_only' | 'enforce'>('security_guard_mode') ?? 'enforce',
    failOpen: config.get<boolean>('guard_fail_open') ?? false,
    scanResponses: config.get<boolean>('security_guard_scan_responses') ?? true,
    ...scanBudget(config.get<number>('security_guard_max_scan_chars')),
    ...(policyFile === undefined ? {} : { policyFile }),
  };
}

/** The budget when the file sets one other than the default; otherwise the options' schema default stands. */
function scanBudget(maxScanChars: number | undefined): { maxScanChars?: number } {
  return maxScanChars === undefined || maxScanChars === DEFAULT_MAX_SCAN_CHARS ? {} : { maxScanChars };
}
