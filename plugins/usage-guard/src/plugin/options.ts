/** Options of the usage guard plugin. */
import Type from 'typebox';
import { DEFAULT_MAX_SCAN_CHARS } from '@sluice/guard-kit';

export const UsageGuardOptionsSchema = Type.Object(
  {
    /** `local` runs the engine in process; otherwise the module's base URL (`http://…` or `https://…`). */
    url: Type.Union([Type.Literal('local'), Type.String({ pattern: '^https?://' })], { default: 'local' }),
    /** Sent as `x-api-key` to a remote module; empty: no header. */
    apiKey: Type.String({ default: '' }),
    mode: Type.Union([Type.Literal('detect_only'), Type.Literal('warn'), Type.Literal('enforce'), Type.Literal('escalate')], {
      default: 'enforce',
    }),
    /** Sent as `tenant_id` instead of the exchange's tenant. */
    tenantId: Type.Optional(Type.String({ minLength: 1 })),
    /** Sent as `policy_id`; absent: the module picks by tenant. */
    policyId: Type.Optional(Type.String({ minLength: 1 })),
    timeoutSeconds: Type.Number({ exclusiveMinimum: 0, default: 10 }),
    blockResponse: Type.Union([Type.Literal('completion'), Type.Literal('error_json')], { default: 'error_json' }),
    /** A module that is down or too slow lets the request go on (counted, evidenced) instead of failing it. */
    failOpen: Type.Boolean({ default: false }),
    /** `local` only: the JSON policy file; absent: the built-in policy. */
    policyFile: Type.Optional(Type.String({ minLength: 1 })),
    /** `local` only: Redis for counters shared between gateways; absent: in memory. */
    kvUrl: Type.Optional(Type.String({ pattern: '^rediss?://' })),
    /** `local` only: prefix of counter keys on Redis. */
    kvKeyPrefix: Type.String({ minLength: 1, default: 'sluice:usage:' }),
    /**
     * Most characters of a request's texts classified; longer texts follow `failOpen`: the first part is
     * classified, or the request fails unclassified. Quotas still count the whole prompt.
     */
    maxScanChars: Type.Integer({ minimum: 1, default: DEFAULT_MAX_SCAN_CHARS }),
  },
  { additionalProperties: false },
);

export type UsageGuardOptions = Type.Static<typeof UsageGuardOptionsSchema>;
export type UsageGuardOptionsInput = Partial<UsageGuardOptions>;
