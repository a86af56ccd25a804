/**
 * The policy used when no file is given: it allows every request, model and volume, and still
 * classifies, so `usage_guard_enabled on` alone reports what traffic is about in replies and evidence.
 */
import type { UsagePolicyFile } from './policy-schema.js';
import { parseUsagePolicy } from './parse-policy.js';
import type { UsagePolicySet } from './compiled-policy.js';

/**
 * The built-in policy file; copy it as a starting point for your own.
 * @example
 * await writeFile('usage-policy.json', JSON.stringify(BUILTIN_USAGE_POLICY, null, 2));
 */
export const BUILTIN_USAGE_POLICY: UsagePolicyFile = Object.freeze({
  version: 'builtin-1',
  categories: {
    legal_advice: {
      keywords: ['lawsuit', 'sue', 'legal advice', 'attorney', 'lawyer', 'custody', 'liability', 'breach of contract'],
      patterns: ['\\bcan i (?:legally|be sued)\\b', '\\b(?:is it|would it be) legal\\b'],
      severity: 'medium',
    },
    medical_dosage: {
      keywords: ['dosage', 'dose', 'overdose', 'prescription', 'milligrams'],
      patterns: ['\\b\\d+(?:\\.\\d+)?\\s?(?:mg|mcg|µg|ml)\\b', '\\bhow (?:much|many) .{0,40}\\b(?:take|pills?|tablets?)\\b'],
      severity: 'high',
    },
    weapons: {
      keywords: ['firearm', 'explosive', 'detonator', 'silencer', 'ammunition', 'pipe bomb', 'nerve agent'],
      patterns: ['\\b(?:build|make|assemble)\\b.{0,40}\\b(?:gun|bomb|weapon)s?\\b'],
      severity: 'critical',
    },
  },
  policies: { default: {} },
  default_policy: 'default',
}) as UsagePolicyFile;

/**
 * The built-in policy, compiled.
 * @example
 * const engine = new UsageEngine({ policy: builtinUsagePolicy() });
 */
export function builtinUsagePolicy(): UsagePolicySet {
  return parseUsagePolicy(BUILTIN_USAGE_POLICY, 'built-in');
}
