/** Detectors a policy adds for data the built-in ones do not know (employee ids, case numbers …): kind `other`. */
import { regexDetector, type Detector } from './detector.js';

export interface PatternSpec {
  /** Names the detector in findings, e.g. `employee_id`. */
  readonly id: string;
  /** A JavaScript regular expression source; the whole match is the value. */
  readonly pattern: string;
  /** Extra flags besides `g`, e.g. `i`. */
  readonly flags?: string;
}

/**
 * @example
 * patternDetector({ id: 'employee_id', pattern: 'EMP-\\d{6}' }).find('ask EMP-123456'); // one `other` span
 */
export function patternDetector(spec: PatternSpec): Detector {
  const flags = `g${(spec.flags ?? '').replace(/[gdy]/g, '')}`;
  return regexDetector({ id: `pattern:${spec.id}`, kind: 'other', pattern: new RegExp(spec.pattern, flags) });
}
