/** The built-in evidence sink: one JSON log line per event, `target: "svc_evidence"`. */
import type { Logger } from 'pino';
import type { EvidenceEvent } from './event.js';

export const EVIDENCE_LOG_TARGET = 'svc_evidence';

export function logEvidence(logger: Logger, event: EvidenceEvent): void {
  logger.info({ target: EVIDENCE_LOG_TARGET, evidence: event }, event.event_type);
}
