/** What a policy says about one request, and what each mode makes of it. */
import type { UsageDecision, UsageMode } from '../contract.js';
import { GENERAL_CATEGORY, type CompiledPolicy, type Severity } from '../policy/compiled-policy.js';
import type { PlannedCharge } from '../quota/quota-plan.js';
import type { Classification } from './classify.js';

/** A rule the request breaks. Reasons name rules and policies, never the request's text. */
export interface Violation {
  readonly kind: 'category' | 'model' | 'quota';
  readonly ruleId: string;
  readonly reason: string;
  readonly severity: Severity;
  /** The category at fault (kind `category`). */
  readonly category?: string;
}

/** The deny list wins: a denied category is reported before any category missing from the allow list. */
export function categoryViolation(classification: Classification, policy: CompiledPolicy): Violation | undefined {
  const names = classification.matches.map((m) => ({ name: m.category.name, severity: m.category.severity }));
  if (names.length === 0) names.push({ name: GENERAL_CATEGORY, severity: 'medium' });
  const denied = names.find((n) => policy.denied.has(n.name));
  if (denied !== undefined) {
    return {
      kind: 'category',
      ruleId: `category:${denied.name}`,
      reason: `category "${denied.name}" is denied by policy "${policy.id}"`,
      severity: denied.severity,
      category: denied.name,
    };
  }
  const unlisted = policy.allowed === undefined ? undefined : names.find((n) => !policy.allowed?.has(n.name));
  if (unlisted === undefined) return undefined;
  return {
    kind: 'category',
    ruleId: `category:${unlisted.name}`,
    reason: `category "${unlisted.name}" is not among the allowed categories of policy "${policy.id}"`,
    severity: unlisted.severity,
    category: unlisted.name,
  };
}

/** A request without a model fails a policy with a model allowlist: there is nothing to allow. */
export function modelViolation(model: string | undefined, policy: CompiledPolicy): Violation | undefined {
  if (policy.models === undefined || (model !== undefined && policy.models(model))) return undefined;
  return {
    kind: 'model',
    ruleId: 'model:not_allowed',
    reason: `the requested model is not allowed by policy "${policy.id}"`,
    severity: 'medium',
  };
}

export function quotaViolation(charge: PlannedCharge, policy: CompiledPolicy): Violation {
  const unit = charge.unit === 'requests' ? 'requests' : 'prompt tokens';
  return {
    kind: 'quota',
    ruleId: `quota:${charge.quota.id}`,
    reason: `quota "${charge.quota.id}" of policy "${policy.id}" is used up: ${charge.limit} ${unit} per ${charge.quota.windowSeconds} s`,
    severity: 'medium',
  };
}

export interface ModeOutcome {
  readonly decision: UsageDecision;
  readonly action: 'allow' | 'block' | 'escalate';
  readonly blocked: boolean;
}

/**
 * detect_only reports and allows; warn allows with a warning; enforce blocks; escalate blocks a
 * denied category as `escalate` (for a person to review) and anything else as `block`.
 */
export function modeOutcome(mode: UsageMode, violation: Violation | undefined): ModeOutcome {
  if (violation === undefined || mode === 'detect_only') return { decision: 'allow', action: 'allow', blocked: false };
  if (mode === 'warn') return { decision: 'warn', action: 'allow', blocked: false };
  if (mode === 'escalate' && violation.kind === 'category') return { decision: 'escalate', action: 'escalate', blocked: true };
  return { decision: 'block', action: 'block', blocked: true };
}
