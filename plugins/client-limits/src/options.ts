/** Options of the client-limits plugin, each with the directive that sets it in a config file. */
import Type from 'typebox';
import { CallerLimitsSchema } from '@sluice/caller';
import { directive } from '@sluice/config';

/**
 * The index of the first block whose tenant an earlier block already names.
 * @example
 * repeatedTenantIndex([{ tenant: 'acme' }, { tenant: 'acme' }]); // 1
 */
export function repeatedTenantIndex(blocks: readonly { readonly tenant: string }[]): number | undefined {
  const seen = new Set<string>();
  for (const [index, { tenant }] of blocks.entries()) {
    if (seen.has(tenant)) return index;
    seen.add(tenant);
  }
  return undefined;
}

/**
 * The sentence that names a tenant with two blocks.
 * @example
 * repeatedTenantMessage('acme'); // 'tenant "acme" has two tenant_limits blocks; merge them into one'
 */
export function repeatedTenantMessage(tenant: string): string {
  return `tenant "${tenant}" has two tenant_limits blocks; merge them into one`;
}

/** One `tenant_limits <tenant> { … }` block. */
const TenantLimitsSchema = Type.Object(
  {
    tenant: Type.String({ minLength: 1, maxLength: 128, word: 'tenant' }),
    limits: CallerLimitsSchema,
  },
  { additionalProperties: false },
);

/**
 * The plugin's options, each with its directive: tenant blocks, the default tenant block, and the store.
 * @example
 * const options = validateOptions('client-limits', ClientLimitsOptionsSchema, { kvUrl: 'redis://cache:6379' });
 */
export const ClientLimitsOptionsSchema = Type.Object(
  {
    tenantLimits: Type.Array(TenantLimitsSchema, {
      default: [],
      ...directive('tenant_limits', {
        summary:
          'Limits shared by every request of one tenant, keyed or not: `tenant_limits acme { requests_per_minute 600; budget 50000000 month; }`.',
        check: (blocks: readonly { tenant: string }[]) => {
          const index = repeatedTenantIndex(blocks);
          return index === undefined ? undefined : repeatedTenantMessage(blocks[index]!.tenant);
        },
        block: 'limits',
      }),
    }),
    defaultTenantLimits: Type.Optional(
      Type.Object(
        { limits: CallerLimitsSchema },
        {
          additionalProperties: false,
          ...directive('default_tenant_limits', {
            summary:
              'Limits for each tenant without a `tenant_limits` block of its own (the `default` tenant of unkeyed requests included); every such tenant counts on its own.',
            block: 'limits',
          }),
        },
      ),
    ),
    /** `redis://…`, `rediss://…` or `redis+cluster://…`; absent (and no `kv_url`): counters in this process's memory. */
    kvUrl: Type.Optional(
      Type.String({
        pattern: '^rediss?(\\+cluster)?://',
        ...directive('limits_kv_url', {
          word: 'url',
          secret: true,
          inherits: 'kv_url',
          summary:
            'Redis that keeps the limit counters, shared by every gateway using the same prefix. Default: `kv_url`; neither: counters in memory, per process.',
        }),
      }),
    ),
    keyPrefix: Type.String({
      minLength: 1,
      default: 'sluice:limits:',
      ...directive('limits_key_prefix', { word: 'prefix', summary: 'Prefix of every limit counter key in Redis.' }),
    }),
    timeoutSeconds: Type.Number({
      exclusiveMinimum: 0,
      default: 0.5,
      ...directive('limits_kv_timeout_seconds', {
        unit: 'duration',
        summary: 'Longest one counter read or write may take before it counts as a store fault.',
      }),
    }),
    failOpen: Type.Boolean({
      default: true,
      ...directive('limits_fail_open', {
        summary:
          'When the counter store fails, let requests through unlimited (counted in `gw_limit_store_errors_total`); off: refuse them with 503 `limits_unavailable`.',
      }),
    }),
    leaseSeconds: Type.Number({
      minimum: 5,
      default: 60,
      ...directive('limits_lease_seconds', {
        unit: 'duration',
        summary:
          'How long a request-in-flight slot is held in Redis without renewal; a running gateway renews its slots, so a crashed one frees them after this long.',
      }),
    }),
  },
  { additionalProperties: false },
);

/**
 * Validated options, defaults applied.
 * @example
 * const options: ClientLimitsOptions = {
 *   tenantLimits: [{ tenant: 'acme', limits: { requestsPerMinute: 600 } }],
 *   keyPrefix: 'sluice:limits:',
 *   timeoutSeconds: 0.5,
 *   failOpen: true,
 *   leaseSeconds: 60,
 * };
 */
export type ClientLimitsOptions = Type.Static<typeof ClientLimitsOptionsSchema>;

/**
 * What the constructor takes: every field may be left to its default.
 * @example
 * const input: ClientLimitsOptionsInput = { tenantLimits: [{ tenant: 'acme', limits: { budget: { microUsd: 5_000_000, period: 'day' } } }] };
 */
export type ClientLimitsOptionsInput = Partial<ClientLimitsOptions>;
