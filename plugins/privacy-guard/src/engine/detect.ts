/** Runs the detectors over a text and settles overlaps, so every character belongs to at most one finding. */
import { apiKeyDetector } from './detectors/api-key.js';
import { bearerTokenDetector } from './detectors/bearer-token.js';
import { creditCardDetector } from './detectors/credit-card.js';
import type { Detection, Detector } from './detectors/detector.js';
import { emailDetector } from './detectors/email.js';
import { ibanDetector } from './detectors/iban.js';
import { ipv4Detector } from './detectors/ipv4.js';
import { jwtDetector } from './detectors/jwt.js';
import { phoneDetectors } from './detectors/phone.js';
import { privateKeyDetector } from './detectors/private-key.js';
import { ssnDetector } from './detectors/ssn.js';
import type { FindingKind } from './finding-kinds.js';

/**
 * The built-in detectors, most specific first: where two findings overlap the earlier kind wins (a JWT
 * after `Bearer` is a bearer token; digits inside an IBAN are not also a card or a phone number).
 * @example
 * BUILTIN_DETECTORS.map((d) => d.kind); // ['private_key', 'bearer_token', 'jwt', …]
 */
export const BUILTIN_DETECTORS: readonly Detector[] = Object.freeze([
  privateKeyDetector,
  bearerTokenDetector,
  jwtDetector,
  apiKeyDetector,
  ibanDetector,
  creditCardDetector,
  emailDetector,
  ssnDetector,
  ipv4Detector,
  ...phoneDetectors,
]);

export interface DetectOptions {
  /** Only these kinds are reported (default: all). */
  readonly kinds?: readonly FindingKind[];
  /** Detectors after the built-in ones, e.g. a policy's patterns of kind `other`. */
  readonly extra?: readonly Detector[];
}

/**
 * Every piece of personal data in a text, in reading order, no two overlapping.
 * @example
 * detectPersonalData('mail ana@example.org from 10.0.0.7');
 * // [{ kind: 'email', start: 5, end: 20, … }, { kind: 'ipv4', start: 26, end: 34, … }]
 */
export function detectPersonalData(text: string, options: DetectOptions = {}): Detection[] {
  const detectors = [...BUILTIN_DETECTORS, ...(options.extra ?? [])];
  const kinds = options.kinds === undefined ? undefined : new Set(options.kinds);
  const accepted: Detection[] = [];
  // Characters already claimed by an earlier (more specific) detector: overlap checks stay linear in
  // the text, however many findings a large request holds.
  let covered: Uint8Array | undefined;
  for (const detector of detectors) {
    if (kinds !== undefined && !kinds.has(detector.kind)) continue;
    for (const detection of detector.find(text)) {
      covered ??= new Uint8Array(text.length);
      if (covered.subarray(detection.start, detection.end).includes(1)) continue;
      covered.fill(1, detection.start, detection.end);
      accepted.push(detection);
    }
  }
  return accepted.sort((a, b) => a.start - b.start);
}
