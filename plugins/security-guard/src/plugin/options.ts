/**
 * Options of the security guard plugin, declared once: each option's directive, unit and reference
 * sentence sit on its schema, and the config language derives the guard's directives from it.
 */
import Type from 'typebox';
import { directive, inherits, optionSet } from '@sluice/config';
import { DEFAULT_MAX_SCAN_CHARS } from '@sluice/guard-kit';

/**
 * Defaults live in the schema; unknown keys are refused. `failOpen` is the gateway-wide `guard_fail_open`.
 * @example
 * const options = validateOptions('security-guard', SecurityGuardOptionsSchema, { url: 'local', mode: 'detect_only' });
 * const fromFile = optionsFromConfig(SecurityGuardOptionsSchema, config);
 */
export const SecurityGuardOptionsSchema = Type.Object(
  {
    /** `local` runs the engine in process; otherwise the module's base URL (`http://…` or `https://…`). */
    url: Type.Union([Type.Literal('local'), Type.String({ pattern: '^https?://[^\\s]+$' })], {
      default: 'local',
      ...directive('security_guard_url', {
        word: 'url',
        summary: 'Base URL of a security guard module (`http://…`), or `local` for the built-in rule engine in process.',
      }),
    }),
    /** Sent in `x-api-key`; empty sends no header. */
    apiKey: Type.String({
      default: '',
      ...directive('security_guard_api_key', {
        word: 'key',
        secret: true,
        summary: 'Key sent to the module in `x-api-key`; a key the module refuses (401/403) counts as a block.',
      }),
    }),
    timeoutSeconds: Type.Number({
      exclusiveMinimum: 0,
      default: 10,
      ...directive('security_guard_timeout_seconds', {
        unit: 'duration',
        summary:
          'Longest a scan may take; past it the request fails with 504 `security_guard_timeout` (or goes on with guard_fail_open on).',
      }),
    }),
    /** `error_json`: 403 with the error envelope; `completion`: 200 with a refusal. */
    blockResponse: Type.Union([Type.Literal('completion'), Type.Literal('error_json')], {
      default: 'error_json',
      ...directive('security_guard_block_response', {
        word: 'kind',
        summary:
          'How a block is answered: `error_json` (403 `security_request_blocked` / `security_response_blocked`) or `completion` (200 with a refusal).',
      }),
    }),
    /** The local engine's mode: `enforce` blocks, `detect_only` reports and allows. */
    mode: Type.Union([Type.Literal('detect_only'), Type.Literal('enforce')], {
      default: 'enforce',
      ...directive('security_guard_mode', {
        word: 'mode',
        summary:
          'With `security_guard_url local`: `enforce` blocks on a finding, `detect_only` counts and evidences findings and lets the request go on.',
      }),
    }),
    /** The local engine's policy file (JSON; see docs/reference/guards/security.md). */
    policyFile: Type.Optional(
      Type.String({
        minLength: 1,
        ...directive('security_guard_policy_file', {
          word: 'path',
          summary:
            'With `security_guard_url local`: a JSON file that adds, replaces or disables rules. Absent: the built-in rules.',
        }),
      }),
    ),
    /** When the module is unavailable or times out, let the request continue. Blocks always stop it. */
    failOpen: Type.Boolean({ default: false, ...inherits('guard_fail_open') }),
    /** Scan assistant responses (cached or fresh) as well as requests. */
    scanResponses: Type.Boolean({
      default: true,
      ...directive('security_guard_scan_responses', {
        summary: 'Scan assistant responses (cached or fresh) for leaked secrets and system-prompt echoes.',
      }),
    }),
    /**
     * Most characters scanned per stage of a request (request, response); longer texts follow `failOpen`:
     * the first part is scanned and the rest let through, or the request fails unscanned.
     */
    maxScanChars: Type.Integer({
      minimum: 1,
      default: DEFAULT_MAX_SCAN_CHARS,
      ...directive('security_guard_max_scan_chars', {
        word: 'chars',
        summary:
          'Most characters of message text the guard scans per request, and per response. Longer: with guard_fail_open on, the first part is scanned and the request goes on (counted, evidenced); off, it fails unscanned with 413 `request_too_large_to_scan` (502 `response_too_large_to_scan` for an answer). The default, 1 MiB of characters, admits every request the default max_request_body_bytes does.',
      }),
    }),
  },
  {
    additionalProperties: false,
    ...optionSet({
      enabledBy: {
        directive: 'security_guard_enabled',
        default: false,
        summary: 'Scan every request (before the privacy guard, caches and upstream) and every response with the security guard.',
      },
    }),
  },
);

export type SecurityGuardOptions = Type.Static<typeof SecurityGuardOptionsSchema>;
export type SecurityGuardOptionsInput = Partial<SecurityGuardOptions>;
