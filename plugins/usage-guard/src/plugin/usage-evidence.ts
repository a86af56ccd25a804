/**
 * The usage guard's evidence events: one per decision (`usage.decision`) or failure (`usage.failed`).
 * They carry policy ids, rule ids, labels and counts; never message text, reasons or keys.
 */
import type { EvidenceDetails, EvidenceHead } from '@sluice/core';
import type { UsageReplyView } from './read-reply.js';

const REASON_CODES = {
  allow: 'USAGE_ALLOWED',
  detect: 'USAGE_DETECTED',
  warn: 'USAGE_WARNED',
  block: 'USAGE_REQUEST_BLOCKED',
  escalate: 'USAGE_ESCALATED',
} as const;

/** Kept from a module's free text in evidence: labels, not sentences. */
const MAX_LABEL = 64;

export function decisionHead(view: UsageReplyView): EvidenceHead {
  return {
    source: 'usage_guard',
    category: 'policy',
    event_type: 'usage.decision',
    outcome: view.blocked ? 'blocked' : 'allowed',
  };
}

/**
 * @example
 * kernel.evidence(exchange, decisionHead(view), () => decisionDetails(view, 'enforce', 'local'));
 */
export function decisionDetails(view: UsageReplyView, mode: string, backend: string): EvidenceDetails {
  return {
    policy: {
      policy_id: label(view.policyId),
      policy_version: label(view.policyVersion),
      policy_hash: label(view.policyHash),
      policy_type: 'usage',
    },
    decision: { action: view.decision, reason_code: REASON_CODES[view.decision], rule_id: label(view.ruleId) },
    findings: view.findings.map((f) => ({
      kind: label(f.kind) ?? 'other',
      count: f.count,
      action: label(f.action),
      detector_id: 'usage_guard',
    })),
    attributes: {
      mode,
      backend,
      warnings: view.warnings.length,
      ...(view.classification === undefined ? {} : { classification: label(view.classification) ?? '' }),
      ...(view.category === undefined ? {} : { category: label(view.category) ?? '' }),
      ...(view.confidence === undefined ? {} : { confidence: view.confidence }),
    },
  };
}

export const FAILED_HEAD: EvidenceHead = Object.freeze({
  source: 'usage_guard',
  category: 'policy',
  event_type: 'usage.failed',
  outcome: 'failed',
});

/** Sizes of a scan that ran out of budget: counts of characters only. */
export interface IncompleteScan {
  readonly scannedChars: number;
  readonly totalChars: number;
  readonly maxScanChars: number;
}

/** Attributes saying a decision read only the first part of the texts (guard_fail_open). */
export function budgetAttributes(scan: IncompleteScan): Record<string, number | boolean> {
  return {
    scan_complete: false,
    scanned_chars: scan.scannedChars,
    total_chars: scan.totalChars,
    max_scan_chars: scan.maxScanChars,
  };
}

/** A request refused unclassified because its texts were longer than the budget (guard_fail_open off). */
export function budgetDetails(code: string, scan: IncompleteScan, mode: string, backend: string): EvidenceDetails {
  return {
    decision: { action: 'fail_closed', reason_code: code.toUpperCase() },
    attributes: { failure: 'scan_budget', fail_open: false, mode, backend, ...budgetAttributes(scan) },
  };
}

/** `continued`: guard_fail_open let the request go on. */
export function failureDetails(
  code: string,
  failure: string,
  continued: boolean,
  mode: string,
  backend: string,
): EvidenceDetails {
  return {
    decision: { action: continued ? 'fail_open' : 'fail_closed', reason_code: code.toUpperCase() },
    attributes: { failure, fail_open: continued, mode, backend },
  };
}

function label(value: string | undefined): string | undefined {
  return value === undefined ? undefined : value.slice(0, MAX_LABEL);
}
