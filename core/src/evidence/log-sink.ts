/** The built-in evidence sink: one JSON log line per event, `target: "svc_evidence"`. */
import type { Logger } from 'pino';
import type { EvidenceEvent } from './event.js';

/**
 * The `target` field of every evidence log line, so a log pipeline can route evidence apart from the
 * service's other lines without parsing the message.
 * @example
 * const isEvidence = (line: { target?: string }) => line.target === EVIDENCE_LOG_TARGET;
 */
export const EVIDENCE_LOG_TARGET = 'svc_evidence';

/**
 * Writes one evidence event as one info line, the sink the kernel taps when info is logged and unless
 * `logEvidence: false`; a
 * deployment without an audit service still keeps its evidence in the logs.
 * @example
 * kernel.hooks.evidence.tap(PLUGIN_NAME, (event) => logEvidence(logger, event));
 */
export function logEvidence(logger: Logger, event: EvidenceEvent): void {
  logger.info({ target: EVIDENCE_LOG_TARGET, evidence: event }, event.event_type);
}
