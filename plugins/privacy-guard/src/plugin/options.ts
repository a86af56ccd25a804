/** Options of the privacy guard plugin. */
import Type from 'typebox';
import { DEFAULT_MAX_SCAN_CHARS } from '@sluice/guard-kit';
import { PrivacyModeSchema } from '../contract.js';

/**
 * Defaults live in the schema; unknown keys are refused.
 * @example
 * new PrivacyGuardPlugin({ url: 'http://127.0.0.1:8102', apiKey: 'k', mode: 'anonymize', failOpen: false });
 */
export const PrivacyGuardOptionsSchema = Type.Object(
  {
    /** A module's base URL (`http(s)://…`), or `local` for the engine in this process. */
    url: Type.String({ pattern: '^(local|https?://.+)$', default: 'local' }),
    /** Sent as `x-api-key`; empty: no header. */
    apiKey: Type.String({ default: '' }),
    timeoutSeconds: Type.Number({ exclusiveMinimum: 0, default: 10 }),
    mode: Type.Optional(PrivacyModeSchema),
    /** Tenant named to the module; absent: the exchange's tenant. */
    tenantId: Type.Optional(Type.String({ minLength: 1 })),
    policyId: Type.String({ minLength: 1, default: 'default' }),
    /** Put values back into answers; off: answers keep their placeholders. */
    restore: Type.Boolean({ default: true }),
    /** `guard_fail_open`: a scan that fails or times out lets the request go on unscanned. */
    failOpen: Type.Boolean({ default: false }),
    /** Local engine: how long a mapping can be restored. */
    mappingTtlSeconds: Type.Number({ exclusiveMinimum: 0, default: 3600 }),
    /** Local engine: `redis://…` for mappings; absent: in memory. */
    kvUrl: Type.Optional(Type.String({ pattern: '^rediss?://' })),
    kvKeyPrefix: Type.String({ minLength: 1, default: 'sluice:privacy:' }),
    /** Local engine: JSON policy file. */
    policyFile: Type.Optional(Type.String({ minLength: 1 })),
    /**
     * Most characters of a request's texts scanned; longer texts follow `failOpen`: the first part is
     * scanned and the rest sent on as it is, or the request fails unscanned.
     */
    maxScanChars: Type.Integer({ minimum: 1, default: DEFAULT_MAX_SCAN_CHARS }),
  },
  { additionalProperties: false },
);

export type PrivacyGuardOptions = Type.Static<typeof PrivacyGuardOptionsSchema>;
export type PrivacyGuardOptionsInput = Partial<PrivacyGuardOptions>;
