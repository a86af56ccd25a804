/** The byte form a license signature covers: JSON with object keys sorted at every depth and no whitespace. */

/**
 * Arrays keep their order; undefined object fields are left out, as `JSON.stringify` would.
 *
 * @example
 * canonicalJson({ tier: 'pro', org: 'acme' }); // '{"org":"acme","tier":"pro"}'
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map((item: unknown) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const fields = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
