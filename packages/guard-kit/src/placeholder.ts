/**
 * Placeholders a privacy guard puts in place of personal data (`[EMAIL_1]`, `[IP_2]` ...), and the
 * signature of a text's placeholders: caches key anonymised requests on it, so an anonymised question
 * only ever matches one with the same placeholder shape.
 */

/**
 * Kinds of personal data a placeholder may stand for (CONTRACTS: privacy finding kinds).
 * @example
 * type PlaceholderKind = (typeof PLACEHOLDER_KINDS)[number];
 * const isKind = (kind: string): kind is PlaceholderKind => (PLACEHOLDER_KINDS as readonly string[]).includes(kind);
 */
export const PLACEHOLDER_KINDS = Object.freeze([
  'EMAIL',
  'IP',
  'PHONE',
  'JWT',
  'API_KEY',
  'BEARER_TOKEN',
  'PRIVATE_KEY',
  'CREDIT_CARD',
  'SSN',
  'IBAN',
  'OTHER',
] as const);

/**
 * The placeholder of the n-th value of a kind in a request, e.g. `[EMAIL_1]`.
 * @example
 * const masked = text.replace(/[\w.+-]+@[\w-]+\.[\w.]+/g, () => placeholder('EMAIL', ++emails));
 */
export function placeholder(kind: (typeof PLACEHOLDER_KINDS)[number], n: number): string {
  return `[${kind}_${n}]`;
}

/**
 * Every placeholder in a text; `match[1]` is the kind, `match[2]` the number. It is global: use it
 * with `matchAll` or `replace`, which do not depend on its `lastIndex`.
 * @example
 * const restored = answer.replace(PLACEHOLDER_PATTERN, (found) => originals.get(found) ?? found);
 */
export const PLACEHOLDER_PATTERN = new RegExp(`\\[(${PLACEHOLDER_KINDS.join('|')})_(\\d+)\\]`, 'g');

/**
 * The count of each placeholder kind in the texts, e.g. `EMAIL:2|IP:1`; empty when there is none.
 * @example
 * placeholderSignature(['mail [EMAIL_1] and [EMAIL_2] from [IP_1]']); // 'EMAIL:2|IP:1'
 */
export function placeholderSignature(texts: Iterable<string>): string {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const match of text.matchAll(PLACEHOLDER_PATTERN)) counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([kind, count]) => `${kind}:${count}`)
    .join('|');
}
