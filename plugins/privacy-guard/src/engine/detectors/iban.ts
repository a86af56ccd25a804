/** International bank account numbers: a known country, that country's length and a valid mod-97 check. */
import type { Detection, Detector } from './detector.js';

/** IBAN length per country (ISO 13616 registry). */
// prettier-ignore
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22,
  CY: 28, CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22,
  GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30,
  KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31,
  MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SE: 24,
  SI: 19, SK: 24, SM: 27, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
};

/**
 * ISO 7064 mod 97-10: move the first four characters to the end, letters to numbers, remainder 1.
 * @example
 * ibanChecksumValid('GB82WEST12345698765432'); // true
 */
export function ibanChecksumValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}

/** Candidates: country, check digits, then letters and digits in optional groups of four. */
const CANDIDATE = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}/g;

/**
 * A candidate may run on into the next word ("… 3000 EUR"), so the country's length decides where the
 * IBAN ends, and the account must end at a word boundary there.
 */
function ibanAt(text: string, start: number, candidate: string): Detection | undefined {
  const length = IBAN_LENGTHS[candidate.slice(0, 2)];
  if (length === undefined) return undefined;
  let compact = '';
  let end = start;
  for (const char of candidate) {
    if (compact.length === length) break;
    end += 1;
    if (char !== ' ') compact += char;
  }
  if (compact.length !== length || /[A-Za-z0-9]/.test(text.charAt(end))) return undefined;
  if (!ibanChecksumValid(compact)) return undefined;
  return { kind: 'iban', start, end, detectorId: 'iban' };
}

export const ibanDetector: Detector = {
  id: 'iban',
  kind: 'iban',
  patterns: [CANDIDATE],
  find(text) {
    const found: Detection[] = [];
    for (const match of text.matchAll(new RegExp(CANDIDATE.source, 'g'))) {
      const detection = ibanAt(text, match.index, match[0]);
      if (detection !== undefined) found.push(detection);
    }
    return found;
  },
};
