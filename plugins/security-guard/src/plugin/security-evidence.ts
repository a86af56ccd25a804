/**
 * The security guard's evidence: one event per decision (`security.request_scan`,
 * `security.response_scan`), with rule ids, severities, finding kinds and counts; never message text,
 * a module's free-text reason, or a key.
 */
import type { EvidenceDetails, EvidenceHead } from '@sluice/core';
import type { SecurityStage } from '../engine/rule.js';
import type { SecurityReplyReading } from '../contract.js';

export type SecurityAction = 'allow' | 'detect' | 'block';

export function scanHead(stage: SecurityStage, outcome: 'allowed' | 'blocked' | 'failed'): EvidenceHead {
  return { source: 'security_guard', category: 'security', event_type: `security.${stage}_scan`, outcome };
}

export interface DecisionContext {
  readonly stage: SecurityStage;
  readonly backend: 'module' | 'local';
  readonly latencyMs: number;
  /** The local engine's rule-set fingerprint and mode. */
  readonly policyHash?: string | undefined;
  readonly mode?: string | undefined;
  /** Set when the module refused the call with 401/403 (a block by contract). */
  readonly moduleStatus?: number | undefined;
  /** The guard's budget of characters per stage. */
  readonly maxScanChars: number;
  /** Set when the texts were longer than the budget and only their first part was scanned (guard_fail_open). */
  readonly incomplete?: { readonly scannedChars: number; readonly totalChars: number } | undefined;
}

/** Sizes of a scan that ran out of budget: counts of characters only. */
function budgetAttributes(context: DecisionContext, scannedChars: number, totalChars: number) {
  return { scan_complete: false, scanned_chars: scannedChars, total_chars: totalChars, max_scan_chars: context.maxScanChars };
}

/**
 * @example
 * kernel.evidence(exchange, scanHead('request', 'blocked'), () => decisionDetails(reading, 'block', 'SECURITY_REQUEST_BLOCKED', context));
 */
export function decisionDetails(
  reading: SecurityReplyReading,
  action: SecurityAction,
  reasonCode: string,
  context: DecisionContext,
): EvidenceDetails {
  return {
    policy: { policy_type: 'security', policy_hash: context.policyHash },
    decision: { action, reason_code: reasonCode, rule_id: reading.ruleId, severity: reading.severity },
    findings: reading.findings.map((f) => ({
      kind: f.kind,
      count: f.count,
      action,
      detector_id: f.ruleId ?? context.backend,
    })),
    attributes: {
      stage: context.stage,
      backend: context.backend,
      latency_ms: Math.round(context.latencyMs),
      ...(context.mode === undefined ? {} : { mode: context.mode }),
      ...(context.moduleStatus === undefined ? {} : { module_status: context.moduleStatus }),
      ...(context.incomplete === undefined
        ? {}
        : budgetAttributes(context, context.incomplete.scannedChars, context.incomplete.totalChars)),
    },
  };
}

/** A scan refused unscanned because its texts were longer than the budget (guard_fail_open off). */
export function budgetDetails(code: string, plan: { readonly totalChars: number }, context: DecisionContext): EvidenceDetails {
  return {
    decision: { action: 'fail_closed', reason_code: code.toUpperCase() },
    attributes: {
      stage: context.stage,
      backend: context.backend,
      failure: 'scan_budget',
      fail_open: false,
      ...budgetAttributes(context, 0, plan.totalChars),
    },
  };
}

/** `open`: guard_fail_open let the request go on. */
export function failureDetails(code: string, failure: string, open: boolean, context: DecisionContext): EvidenceDetails {
  return {
    decision: { action: open ? 'fail_open' : 'fail_closed', reason_code: code.toUpperCase() },
    attributes: {
      stage: context.stage,
      backend: context.backend,
      failure,
      fail_open: open,
      latency_ms: Math.round(context.latencyMs),
      ...(context.incomplete === undefined
        ? {}
        : budgetAttributes(context, context.incomplete.scannedChars, context.incomplete.totalChars)),
    },
  };
}
