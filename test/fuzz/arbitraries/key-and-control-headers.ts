/**
 * The headers a client may send about who it is and how its answer is cached: a client key (valid,
 * unknown or junk) and the per-request cache controls, well-formed, near-valid or anything printable.
 */
import fc from 'fast-check';

/** What node:http sends as a header value: visible ASCII and spaces, never starting or ending with a space. */
const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x21-\\x7e]([\\x20-\\x7e]{0,${max}}[\\x21-\\x7e])?$`));

/**
 * @param validKey a key the gateway under test knows
 * @example
 * fc.sample(keyAndControlHeaders('sk-sluice-x'), 1); // [{ authorization: 'Bearer sk-sluice-x', 'cache-control': 'no-cache' }]
 */
export function keyAndControlHeaders(validKey: string): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      authorization: fc.oneof(
        fc.constant(`Bearer ${validKey}`),
        fc.constantFrom('Bearer sk-sluice-unknown', 'Bearer', 'Basic Zm9vOmJhcg==', `bearer ${validKey}x`),
        printable(80).map((junk) => `Bearer ${junk}`),
        printable(600),
      ),
      'cache-control': fc.oneof(
        fc.constantFrom('no-cache', 'no-store', 'max-age=0', 'max-age=60, no-store', 'NO-CACHE', 'private, max-age=5'),
        fc.constantFrom('max-age=-1', 'max-age=abc', 'max-age=', 'max-age=99999999999999999999', 'max-age="5"'),
        printable(300),
      ),
      'x-sluice-cache-ttl': fc.oneof(fc.integer({ min: -5, max: 1e10 }).map(String), printable(40)),
      'x-sluice-cache-namespace': fc.oneof(fc.constantFrom('team-a', 'a:b', '../etc', 'x'.repeat(65)), printable(300)),
      'x-sluice-cache-bypass': fc.constantFrom('1', 'yes', 'on', '0', 'no', 'maybe'),
    },
    { requiredKeys: [] },
  );
}
