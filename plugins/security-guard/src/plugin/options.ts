/** Options of the security guard plugin. */
import Type from 'typebox';
import { DEFAULT_MAX_SCAN_CHARS } from '@sluice/guard-kit';

/**
 * Defaults live in the schema; unknown keys are refused.
 * @example
 * const options = validateOptions('security-guard', SecurityGuardOptionsSchema, { url: 'local', mode: 'detect_only' });
 */
export const SecurityGuardOptionsSchema = Type.Object(
  {
    /** `local` runs the engine in process; otherwise the module's base URL (`http://…` or `https://…`). */
    url: Type.Union([Type.Literal('local'), Type.String({ pattern: '^https?://[^\\s]+$' })], { default: 'local' }),
    /** Sent in `x-api-key`; empty sends no header. */
    apiKey: Type.String({ default: '' }),
    timeoutSeconds: Type.Number({ exclusiveMinimum: 0, default: 10 }),
    /** `error_json`: 403 with the error envelope; `completion`: 200 with a refusal. */
    blockResponse: Type.Union([Type.Literal('error_json'), Type.Literal('completion')], { default: 'error_json' }),
    /** The local engine's mode: `enforce` blocks, `detect_only` reports and allows. */
    mode: Type.Union([Type.Literal('enforce'), Type.Literal('detect_only')], { default: 'enforce' }),
    /** The local engine's policy file (JSON; see docs/reference/guards/security.md). */
    policyFile: Type.Optional(Type.String({ minLength: 1 })),
    /** When the module is unavailable or times out, let the request continue. Blocks always stop it. */
    failOpen: Type.Boolean({ default: false }),
    /** Scan assistant responses (cached or fresh) as well as requests. */
    scanResponses: Type.Boolean({ default: true }),
    /**
     * Most characters scanned per stage of a request (request, response); longer texts follow `failOpen`:
     * the first part is scanned and the rest let through, or the request fails unscanned.
     */
    maxScanChars: Type.Integer({ minimum: 1, default: DEFAULT_MAX_SCAN_CHARS }),
  },
  { additionalProperties: false },
);

export type SecurityGuardOptions = Type.Static<typeof SecurityGuardOptionsSchema>;
export type SecurityGuardOptionsInput = Partial<SecurityGuardOptions>;
