/** Evidence of the privacy guard's decisions: kinds and counts only, never a text or a value. */
import type { EvidenceHead, Exchange, Kernel } from '@sluice/core';
import type { ScanOutcome } from './read-replies.js';

/** Sizes of a scan that ran out of budget: counts of characters only. */
export interface IncompleteScan {
  readonly scannedChars: number;
  readonly totalChars: number;
  readonly maxScanChars: number;
}

const budgetAttributes = (scan: IncompleteScan) => ({
  scan_complete: false,
  scanned_chars: scan.scannedChars,
  total_chars: scan.totalChars,
  max_scan_chars: scan.maxScanChars,
});

const head = (event_type: string, outcome: EvidenceHead['outcome']): EvidenceHead => ({
  source: 'privacy_guard',
  category: 'privacy',
  event_type,
  outcome,
});

/** `detectorId` says where detection ran: `local` (the engine in the gateway) or `module` (over HTTP). */
export function privacyEvidence(kernel: Kernel, detectorId: 'local' | 'module') {
  return {
    /** `incomplete`: the texts were longer than the budget and only their first part was scanned (guard_fail_open). */
    scanned(exchange: Exchange, outcome: ScanOutcome, result: 'allowed' | 'blocked', incomplete?: IncompleteScan): void {
      const action = result === 'blocked' ? 'block' : outcome.texts !== undefined ? 'modify' : 'allow';
      kernel.evidence(exchange, head('privacy.scan', result), () => ({
        findings: outcome.findings.map((f) => ({
          kind: f.kind,
          count: f.count,
          action: outcome.action,
          detector_id: detectorId,
        })),
        decision: { action, severity: outcome.severity },
        attributes: {
          modified: outcome.texts !== undefined,
          anonymised: outcome.mappingId !== undefined,
          ...(incomplete === undefined ? {} : budgetAttributes(incomplete)),
        },
      }));
    },
    /** A scan refused unscanned because its texts were longer than the budget (guard_fail_open off). */
    overBudget(exchange: Exchange, code: string, scan: IncompleteScan): void {
      kernel.evidence(exchange, head('privacy.scan', 'failed'), {
        decision: { action: 'fail_closed', reason_code: code.toUpperCase() },
        attributes: { failure: 'scan_budget', ...budgetAttributes(scan) },
      });
    },
    failed(exchange: Exchange, eventType: 'privacy.scan' | 'privacy.restore', code: string, open: boolean): void {
      kernel.evidence(exchange, head(eventType, 'failed'), {
        decision: { action: open ? 'fail_open' : 'fail_closed', reason_code: code.toUpperCase() },
      });
    },
    restored(exchange: Exchange, texts: number): void {
      kernel.evidence(exchange, head('privacy.restore', 'completed'), { attributes: { texts } });
    },
  };
}

export type PrivacyEvidence = ReturnType<typeof privacyEvidence>;
