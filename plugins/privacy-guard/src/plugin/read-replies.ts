/**
 * Reading a module's replies: tolerant of fields it does not know, strict on what the plugin acts on.
 * Problems are described by shape only (counts, positions, field names), never by text.
 */
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { Compile } from 'typebox/compile';
import { RestoreReplySchema, ScanReplySchema, type WireMessage } from '../contract.js';
import { isFindingKind, type FindingKind } from '../engine/finding-kinds.js';

/** A reply the plugin cannot act on; the scan turns it into `guard_contract_violation`. */
export class PrivacyReplyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrivacyReplyError';
  }
}

export interface ScanOutcome {
  readonly block: boolean;
  /** The texts to put in the request, when the module changed any. */
  readonly texts: readonly string[] | undefined;
  /** Set when the texts hold placeholders the module can restore. */
  readonly mappingId: string | undefined;
  readonly findings: readonly { kind: FindingKind; count: number; severity: string | undefined }[];
  readonly action: string | undefined;
  /** The highest severity among the findings. */
  readonly severity: string | undefined;
}

/** A Map: a reply's severity "constructor" must not find Object.prototype and pass as known. */
const SEVERITY_RANK: ReadonlyMap<string, number> = new Map([
  ['low', 1],
  ['medium', 2],
  ['high', 3],
  ['critical', 4],
]);

/** Compiled once: every scan and restore reply is checked, local ones included, on the request path. */
const scanReplyCheck = Compile(ScanReplySchema);
const restoreReplyCheck = Compile(RestoreReplySchema);

export function readScanReply(reply: Record<string, unknown>, sent: readonly WireMessage[]): ScanOutcome {
  if (!scanReplyCheck.Check(reply)) throw new PrivacyReplyError(`the scan reply ${firstProblem(ScanReplySchema, reply)}`);
  const block = reply.decision === 'block';
  const returned = reply.messages;
  if (returned !== undefined) sameShape(returned, sent);
  const changed = returned !== undefined && returned.some((message, i) => message.content !== sent[i]?.content);
  if (reply.modified === true && returned === undefined && !block) {
    throw new PrivacyReplyError('the scan reply says modified but has no messages');
  }
  const mappingId = typeof reply.mapping_id === 'string' && reply.mapping_id !== '' ? reply.mapping_id : undefined;
  const findings = (reply.findings ?? []).map((f) => ({
    // A kind outside the contract is counted as `other`: evidence stays within the known vocabulary.
    kind: isFindingKind(f.kind) ? f.kind : ('other' as const),
    count: f.count ?? 1,
    severity: f.severity,
  }));
  const severity = findings
    .map((f) => f.severity)
    .filter((s): s is string => s !== undefined && SEVERITY_RANK.has(s))
    .sort((a, b) => SEVERITY_RANK.get(b)! - SEVERITY_RANK.get(a)!)[0];
  return {
    block,
    texts: changed && !block ? returned.map((m) => m.content) : undefined,
    mappingId: changed ? mappingId : undefined,
    findings,
    action: reply.action,
    severity,
  };
}

function sameShape(returned: readonly WireMessage[], sent: readonly WireMessage[]): void {
  if (returned.length !== sent.length) {
    throw new PrivacyReplyError(`the scan reply has ${returned.length} messages for ${sent.length} sent`);
  }
  const moved = returned.findIndex((message, i) => message.role !== sent[i]?.role);
  if (moved >= 0) throw new PrivacyReplyError(`the scan reply changed the role of message ${moved}`);
}

/** The restored texts, or an error saying why there are none. */
export function readRestoreReply(reply: Record<string, unknown>, sent: number): string[] {
  if (!restoreReplyCheck.Check(reply))
    throw new PrivacyReplyError(`the restore reply ${firstProblem(RestoreReplySchema, reply)}`);
  if (reply.restored !== true) throw new PrivacyReplyError('the module could not restore (mapping missing or expired)');
  const messages = reply.messages ?? [];
  if (messages.length !== sent) throw new PrivacyReplyError(`the restore reply has ${messages.length} messages for ${sent} sent`);
  return messages.map((m) => m.content);
}

function firstProblem(schema: TSchema, value: unknown): string {
  const first = [...Value.Errors(schema, value)][0];
  return first === undefined ? 'is invalid' : `field ${first.instancePath || '/'} ${first.message}`;
}
