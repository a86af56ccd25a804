/** US Social Security numbers `AAA-GG-SSSS`, without the ranges never issued and well-known sample numbers. */
import { regexDetector } from './detector.js';

/** Numbers printed on sample cards and in advertising, never anyone's. */
const SAMPLES = new Set(['078051120', '219099999']);

function issuable(value: string): boolean {
  const [area = '', group = '', serial = ''] = value.split(/[- ]/);
  const a = Number(area);
  if (a === 0 || a === 666 || a >= 900) return false;
  if (group === '00' || serial === '0000') return false;
  return !SAMPLES.has(area + group + serial);
}

export const ssnDetector = regexDetector({
  id: 'ssn',
  kind: 'ssn',
  // The same separator twice; a bare nine-digit run is not taken for an SSN.
  pattern: /(?<![\w.-])\d{3}([- ])\d{2}\1\d{4}(?![\w-]|[.,]\d)/g,
  accept: issuable,
});
