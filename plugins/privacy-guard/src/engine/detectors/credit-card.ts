/** Payment card numbers: 13–19 digits, plain or in groups, a card-network first digit and a valid Luhn sum. */
import { regexDetector } from './detector.js';

/**
 * The Luhn (mod 10) check every payment card number passes.
 * @example
 * luhnValid('4111111111111111'); // true
 */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function cardLike(value: string): boolean {
  const digits = value.replace(/[ -]/g, '');
  if (digits.length < 13 || digits.length > 19) return false;
  // Amex 3, Visa 4, Mastercard 2 and 5, Discover 6: other first digits are not card numbers.
  if (!/^[2-6]/.test(digits) || /^(\d)\1+$/.test(digits)) return false;
  const separators = new Set(value.replace(/\d/g, ''));
  if (separators.size > 1) return false;
  // Grouped numbers come in groups of 4 (or Amex 4-6-5); short groups are dates, codes or phone numbers.
  if (separators.size === 1 && value.split(/[ -]/).some((group) => group.length < 4)) return false;
  return luhnValid(digits);
}

export const creditCardDetector = regexDetector({
  id: 'credit_card_like',
  kind: 'credit_card_like',
  pattern: /(?<![\w.,+-])\d(?:[ -]?\d){12,18}(?![\w]|[.,-]\d)/g,
  accept: cardLike,
});
