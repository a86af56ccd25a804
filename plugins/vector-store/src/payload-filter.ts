/** Evaluates a PayloadFilter in process, for backends that cannot push it down. */
import type { PayloadFilter } from './vector-store.js';

/**
 * @example
 * const keep = payloadPredicate({ match: { tenant: 'a' }, range: { expires_at: { gt: Date.now() } } });
 * keep({ tenant: 'a', expires_at: Date.now() + 1000 }); // true
 */
export function payloadPredicate(filter: PayloadFilter): (payload: unknown) => boolean {
  const matches = Object.entries(filter.match ?? {});
  const ranges = Object.entries(filter.range ?? {});
  return (payload) => {
    if (payload === null || typeof payload !== 'object') return false;
    const fields = payload as Record<string, unknown>;
    for (const [key, value] of matches) if (fields[key] !== value) return false;
    for (const [key, bounds] of ranges) {
      const value = fields[key];
      if (typeof value !== 'number') return false;
      if (bounds.gt !== undefined && !(value > bounds.gt)) return false;
      if (bounds.gte !== undefined && !(value >= bounds.gte)) return false;
      if (bounds.lt !== undefined && !(value < bounds.lt)) return false;
      if (bounds.lte !== undefined && !(value <= bounds.lte)) return false;
    }
    return true;
  };
}
