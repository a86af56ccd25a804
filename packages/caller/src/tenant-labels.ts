/**
 * Tenants as a metrics label, bounded: each label value is a time series kept for the life of the
 * process, so only a fixed number of tenants get their own and the rest share `other`.
 */

/**
 * The label value of every tenant past the limit.
 * @example
 * sampleValue(metrics, 'gw_tenant_cost_micro_usd_total', { tenant: OTHER_TENANTS });
 */
export const OTHER_TENANTS = 'other';

/**
 * Tenants with a label of their own by default; a config names as many as it wants first.
 * @example
 * new TenantLabels(DEFAULT_TENANT_LABELS, configuredTenants);
 */
export const DEFAULT_TENANT_LABELS = 20;

/**
 * Hands out tenant label values: the tenants named up front (those of the configured keys) first, then
 * the first tenants seen, up to `limit` in all; every later one is `other`. A tenant keeps its label for
 * the life of the process, so a series never changes meaning.
 * @example
 * const labels = new TenantLabels(20, ['acme']);
 * metrics.spend.inc({ tenant: labels.of(exchange.tenant) }, cost);
 */
export class TenantLabels {
  readonly #labelled = new Set<string>();

  constructor(
    readonly limit: number = DEFAULT_TENANT_LABELS,
    named: Iterable<string> = [],
  ) {
    for (const tenant of named) this.of(tenant);
  }

  /** The label value for `tenant`: itself while there is room, else `other`. */
  of(tenant: string): string {
    if (this.#labelled.has(tenant)) return tenant;
    if (this.#labelled.size >= this.limit || tenant === OTHER_TENANTS) return OTHER_TENANTS;
    this.#labelled.add(tenant);
    return tenant;
  }
}
