/**
 * How many of a batch's tokens each input cost. The provider reports one total per call; the share of
 * each input is what a later hit on it saves.
 */

/**
 * Token-id inputs cost their length. A lone text costs the whole call. Texts of a batch share the total in
 * proportion to their UTF-8 length (largest remainders first, so the shares add up to the total): an
 * estimate, since a provider does not count per input. No reported usage: no known cost, zeros.
 * @example
 * tokenShares(10, ['a cat', 'a cat that sat']); // [3, 7]
 */
export function tokenShares(total: number | undefined, inputs: readonly unknown[]): number[] {
  if (inputs.every(Array.isArray)) return inputs.map((input) => (input as unknown[]).length);
  if (total === undefined || total <= 0) return inputs.map(() => 0);
  if (inputs.length === 1) return [total];
  const weights = inputs.map((input) => Math.max(1, Buffer.byteLength(String(input))));
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((value, i) => [value - Math.floor(value), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}
