/**
 * A large request scanned in units (each message, and each chunk of a long message) by the engine in
 * process, one unit per turn of the event loop, and the units' replies made into the one reply a
 * single scan would have given: findings summed per rule, the most severe (first seen among equals)
 * speaking for the reply.
 */
import { chunkText, type ScanRun } from '@sluice/guard-kit';
import type { SecurityFinding, SecurityScanMessage, SecurityScanReply } from '../contract.js';
import { SEVERITY_RANK } from '../engine/rule.js';
import type { SecurityBackend } from './security-backend.js';

/**
 * @example
 * const reply = await scanInUnits(backend, run, messages, exchange.signal);
 */
export async function scanInUnits(
  backend: SecurityBackend,
  run: ScanRun,
  messages: readonly SecurityScanMessage[],
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const replies: Record<string, unknown>[] = [];
  for (const message of messages) {
    for (const chunk of chunkText(message.content)) {
      await run.next();
      replies.push(await backend.scan({ stage: 'request', messages: [{ role: message.role, content: chunk }] }, signal));
    }
  }
  return mergeReplies(replies as unknown as SecurityScanReply[]);
}

/** The replies of the units of one scan, as one reply. */
export function mergeReplies(replies: readonly SecurityScanReply[]): Record<string, unknown> {
  const findings = new Map<string, { finding: SecurityFinding; reason: string | undefined }>();
  for (const reply of replies) {
    for (const finding of reply.findings) {
      const seen = findings.get(finding.rule_id);
      if (seen === undefined) {
        const reason = reply.rule_id === finding.rule_id ? reply.reason : undefined;
        findings.set(finding.rule_id, { finding: { ...finding }, reason });
      } else seen.finding = { ...seen.finding, count: seen.finding.count + finding.count };
    }
  }
  // A stable sort: among equal severities the rule seen first speaks, as in one scan.
  const ordered = [...findings.values()].sort((a, b) => SEVERITY_RANK[b.finding.severity] - SEVERITY_RANK[a.finding.severity]);
  const mode = replies[0]?.mode ?? 'enforce';
  const top = ordered[0];
  if (top === undefined) return { allowed: true, blocked: false, action: 'allow', mode, findings: [] };
  const block = replies.some((reply) => reply.blocked);
  return {
    allowed: !block,
    blocked: block,
    action: block ? 'block' : 'detect',
    mode,
    ...(top.reason === undefined ? {} : { reason: top.reason }),
    rule_id: top.finding.rule_id,
    severity: top.finding.severity,
    findings: ordered.map((entry) => entry.finding),
  };
}
