/** Evaluates a PayloadFilter in process, for backends that cannot push it down. */
import type { PayloadFilter } from './vector-store.js';

/**
 * A PayloadFilter as a test of one payload, for a backend that filters in process: the `hnsw` store runs it
 * on every candidate its search visits. A payload that is not an object, or lacks a ranged field, fails.
 * @example
 * const keep = payloadPredicate({ match: { tenant: 'a' }, range: { expires_at: { gt: Date.now() } } });
 * keep({ tenant: 'a', expires_at: Date.now() + 1000 }); // true
 */
export function payloadPredicate(filter: PayloadFilter): (payload: unknown) => boolean {
  // Flat arrays and indexed loops: this runs inside the HNSW search for every candidate it visits
  // (hundreds per search), where iterator objects and destructuring showed up in profiles.
  const matchKeys = Object.keys(filter.match ?? {});
  const matchValues = matchKeys.map((key) => filter.match![key]);
  const rangeKeys = Object.keys(filter.range ?? {});
  const low = rangeKeys.map((key) => filter.range![key]!.gt ?? filter.range![key]!.gte ?? -Infinity);
  const lowInclusive = rangeKeys.map((key) => filter.range![key]!.gt === undefined);
  const high = rangeKeys.map((key) => filter.range![key]!.lt ?? filter.range![key]!.lte ?? Infinity);
  const highInclusive = rangeKeys.map((key) => filter.range![key]!.lt === undefined);
  return (payload) => {
    if (payload === null || typeof payload !== 'object') return false;
    const fields = payload as Record<string, unknown>;
    for (let i = 0; i < matchKeys.length; i++) if (fields[matchKeys[i]!] !== matchValues[i]) return false;
    for (let i = 0; i < rangeKeys.length; i++) {
      const value = fields[rangeKeys[i]!];
      if (typeof value !== 'number') return false;
      if (lowInclusive[i] ? value < low[i]! : value <= low[i]!) return false;
      if (highInclusive[i] ? value > high[i]! : value >= high[i]!) return false;
    }
    return true;
  };
}
