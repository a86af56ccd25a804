/**
 * The built-in patterns of the three guards, by rule: what the in-process engines and the module
 * servers (`sluice guard security|privacy|usage`) scan every text with.
 */
import { BUILTIN_DETECTORS } from '@sluice/plugin-privacy-guard';
import { REQUEST_RULES, RESPONSE_RULES } from '@sluice/plugin-security-guard';
import { builtinUsagePolicy } from '@sluice/plugin-usage-guard';

export interface TablePattern {
  /** e.g. `security leak.jwt`, `privacy email`, `usage medical_dosage #3`. */
  readonly rule: string;
  readonly source: string;
  readonly flags: string;
}

/**
 * @example
 * guardRulePatterns().find((p) => p.rule === 'security leak.jwt');
 */
export function guardRulePatterns(): TablePattern[] {
  const patterns: TablePattern[] = [];
  for (const spec of [...REQUEST_RULES, ...RESPONSE_RULES]) {
    patterns.push({ rule: `security ${spec.id}`, source: spec.pattern, flags: spec.flags ?? 'i' });
  }
  const seen = new Map<string, number>();
  for (const detector of BUILTIN_DETECTORS) {
    for (const pattern of detector.patterns ?? []) {
      // Several detectors share an id (the phone forms): number the later ones.
      const n = (seen.get(detector.id) ?? 0) + 1;
      seen.set(detector.id, n);
      patterns.push({ rule: `privacy ${detector.id}${n === 1 ? '' : ` #${n}`}`, source: pattern.source, flags: pattern.flags });
    }
  }
  for (const category of builtinUsagePolicy().categories) {
    for (const [i, matcher] of category.matchers.entries()) {
      patterns.push({ rule: `usage ${category.name} #${i}`, source: matcher.source, flags: matcher.flags });
    }
  }
  return patterns;
}
