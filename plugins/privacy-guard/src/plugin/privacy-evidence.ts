/** Evidence of the privacy guard's decisions: kinds and counts only, never a text or a value. */
import type { EvidenceHead, Exchange, Kernel } from '@sluice/core';
import type { ScanOutcome } from './read-replies.js';

const head = (event_type: string, outcome: EvidenceHead['outcome']): EvidenceHead => ({
  source: 'privacy_guard',
  category: 'privacy',
  event_type,
  outcome,
});

/** `detectorId` says where detection ran: `local` (the engine in the gateway) or `module` (over HTTP). */
export function privacyEvidence(kernel: Kernel, detectorId: 'local' | 'module') {
  return {
    scanned(exchange: Exchange, outcome: ScanOutcome, result: 'allowed' | 'blocked'): void {
      const action = result === 'blocked' ? 'block' : outcome.texts !== undefined ? 'modify' : 'allow';
      kernel.evidence(exchange, head('privacy.scan', result), () => ({
        findings: outcome.findings.map((f) => ({
          kind: f.kind,
          count: f.count,
          action: outcome.action,
          detector_id: detectorId,
        })),
        decision: { action, severity: outcome.severity },
        attributes: { modified: outcome.texts !== undefined, anonymised: outcome.mappingId !== undefined },
      }));
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
