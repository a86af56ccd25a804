/**
 * Phone numbers: international (`+` and 8–15 digits) and common national forms (NANP `(555) 234-5678`,
 * trunk-prefixed European `020 7946 0958`, `06 12 34 56 78`). A bare run of digits is never a phone
 * number here: without a `+` or separators it is as likely an order id.
 */
import { before, regexDetector, type Detector } from './detector.js';

/** Numbers that follow these words are references, not phone numbers. */
const REFERENCE_CONTEXT =
  /(?:\b(?:order|invoice|ref|reference|tracking|sku|ticket|isbn|serial|version|build|case)\b|#)\s*(?:[:#]\s*)?(?:no\.?\s*)?$/i;

function digits(value: string): number {
  return value.replace(/\D/g, '').length;
}

function notReference(text: string, start: number): boolean {
  return !REFERENCE_CONTEXT.test(before(text, start, 24));
}

/** `+100.000.000` is an amount: dots only, and every group after the first of three digits. */
function groupedAmount(value: string): boolean {
  const groups = value.slice(1).split('.');
  return groups.length > 2 && !/[ ()-]/.test(value) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
}

const international = regexDetector({
  id: 'phone',
  kind: 'phone',
  // Digit groups are split by separators only, so a long run of digits has one reading, not thousands.
  pattern: /(?<![\w+])\+\d+(?:[ .-]?\(\d{1,4}\)[ .-]?\d+|[ .-]\d+){0,7}(?![\w-]|[.,]\d)/g,
  accept: (value, text, start) => {
    const count = digits(value);
    if (count < 8 || count > 15) return false;
    return !groupedAmount(value) && notReference(text, start);
  },
});

/** North American numbers: area code and exchange start with 2–9. */
const nanp = regexDetector({
  id: 'phone',
  kind: 'phone',
  pattern: /(?<![\w+.-])(?:\([2-9]\d{2}\) ?|[2-9]\d{2}[-. ])[2-9]\d{2}[-. ]\d{4}(?![\w-]|[.,]\d)/g,
  accept: (_value, text, start) => notReference(text, start),
});

/** Numbers written with a national trunk prefix 0 and separated groups, as in most of Europe. */
const trunk = regexDetector({
  id: 'phone',
  kind: 'phone',
  pattern: /(?<![\w+.,/#-])\(?0[1-9]\d{0,3}\)?(?:[ /.-]\d{2,8}){1,4}(?![\w-]|[.,/]\d)/g,
  accept: (value, text, start) => {
    const count = digits(value);
    return count >= 9 && count <= 12 && notReference(text, start) && !/^\d{2}\.\d{2}\.\d{4}$/.test(value);
  },
});

export const phoneDetectors: readonly Detector[] = [international, nanp, trunk];
