/** IPv4 addresses in dotted-quad form with valid octets (0–255, no leading zeros), not version numbers. */
import { before, regexDetector } from './detector.js';

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** `version 1.2.3.4`, `chapter 12.3.4.1`: four numbers that name a release or a section, not a host. */
const VERSION_CONTEXT =
  /(?:\b(?:v|ver|version|release|build|firmware|rev|revision|chapter|section|sec|clause|article|art|table|figure|fig|step)\.?|§)\s*$/i;

export const ipv4Detector = regexDetector({
  id: 'ipv4',
  kind: 'ipv4',
  // Not part of a longer dotted run (1.2.3.4.5 is a version or an OID).
  pattern: new RegExp(`(?<![\\w.])(?:${OCTET}\\.){3}${OCTET}(?!\\w|\\.\\d)`, 'g'),
  accept: (_value, text, start) => !VERSION_CONTEXT.test(before(text, start, 20)),
});
