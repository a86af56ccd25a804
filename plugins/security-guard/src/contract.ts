/**
 * The security guard module contract (CONTRACTS.md, "Guard modules"): the scan request, the reply, and
 * how a reply is read. Shared by the plugin (client), the engine and the module server.
 */
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import type { SecuritySeverity, SecurityStage } from './engine/rule.js';

/** `enforce` blocks on a finding; `detect_only` reports findings and allows. */
export type SecurityGuardMode = 'detect_only' | 'enforce';

export interface SecurityScanMessage {
  readonly role: string;
  readonly content: string;
}

/** `POST /v1/scan` body. */
export interface SecurityScanRequest {
  readonly stage: SecurityStage;
  readonly messages: readonly SecurityScanMessage[];
  /**
   * sluice extension, response scans only: the request's system prompt, so the engine can tell when
   * an answer repeats it. Modules that do not know the field ignore it.
   */
  readonly system_prompt?: string;
  /** sluice extension, module server only: overrides the server's default mode for this call. */
  readonly mode?: SecurityGuardMode;
}

/** A finding as the engine reports it: a kind and a count, never the matched text. */
export interface SecurityFinding {
  readonly kind: string;
  readonly count: number;
  readonly severity: SecuritySeverity;
  readonly rule_id: string;
}

/** The engine's reply: every contract field it can fill, plus its findings and mode. */
export interface SecurityScanReply {
  readonly allowed: boolean;
  readonly blocked: boolean;
  /** `allow` (nothing found), `detect` (found, detect_only) or `block`. */
  readonly action: 'allow' | 'detect' | 'block';
  readonly mode: SecurityGuardMode;
  readonly reason?: string;
  readonly rule_id?: string;
  readonly severity?: SecuritySeverity;
  readonly findings: readonly SecurityFinding[];
}

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/** The reply fields the contract names, all optional; unknown fields are allowed and ignored. */
const ReplySchema = Type.Object({
  allowed: Nullable(Type.Boolean()),
  blocked: Nullable(Type.Boolean()),
  action: Nullable(Type.String()),
  status_code: Nullable(Type.Union([Type.Integer(), Type.String({ pattern: '^\\s*\\d{3}\\s*$' })])),
  reason: Nullable(Type.String()),
  message: Nullable(Type.String()),
  rule_id: Nullable(Type.String()),
  severity: Nullable(Type.String()),
});

const BLOCK_ACTIONS = new Set(['block', 'blocked', 'deny', 'denied', 'reject', 'rejected']);
/** Identifiers from a remote module reach error bodies and evidence: only plain ones are kept. */
const SAFE_ID = /^[\w.:/-]{1,128}$/;

/** What the plugin takes from a reply. */
export interface SecurityReplyReading {
  readonly block: boolean;
  /** Not a block, but the module reported something (detect_only). */
  readonly detected: boolean;
  readonly ruleId?: string;
  readonly severity?: string;
  readonly findings: readonly { readonly kind: string; readonly count: number; readonly ruleId?: string }[];
}

/**
 * Reads a module's 2xx reply. A block is `allowed === false`, `blocked === true`, `status_code` 401 or
 * 403, or `action` one of block/blocked/deny/denied/reject/rejected. Returns undefined when a named field
 * has the wrong type (a contract violation).
 * @example
 * readSecurityReply({ allowed: false, rule_id: 'injection.ignore_instructions' })?.block // true
 */
/** Compiled once: every scan's reply is checked, local ones included, so the interpretive checker was a hot spot. */
const replyCheck = Compile(ReplySchema);

export function readSecurityReply(reply: Record<string, unknown>): SecurityReplyReading | undefined {
  const findings = readFindings(reply['findings']);
  if (!replyCheck.Check(reply)) return undefined;
  const status = reply.status_code === null || reply.status_code === undefined ? undefined : Number(reply.status_code);
  const action = typeof reply.action === 'string' ? reply.action.trim().toLowerCase() : '';
  const block =
    reply.allowed === false || reply.blocked === true || status === 401 || status === 403 || BLOCK_ACTIONS.has(action);
  const ruleId = safeId(reply.rule_id);
  const severity = safeId(reply.severity);
  const detected = !block && (action === 'detect' || ruleId !== undefined || findings.some((f) => f.count > 0));
  return {
    block,
    detected,
    ...(ruleId === undefined ? {} : { ruleId }),
    ...(severity === undefined ? {} : { severity }),
    findings,
  };
}

/**
 * Reads the `rule_id` and `severity` a refusing module (HTTP 401/403) may have sent with its refusal.
 * @example
 * readRefusal({ rule_id: 'tenant.suspended' }) // { ruleId: 'tenant.suspended' }
 */
export function readRefusal(body: unknown): Pick<SecurityReplyReading, 'ruleId' | 'severity'> {
  if (typeof body !== 'object' || body === null) return {};
  const fields = body as Record<string, unknown>;
  const ruleId = safeId(fields['rule_id']);
  const severity = safeId(fields['severity']);
  return { ...(ruleId === undefined ? {} : { ruleId }), ...(severity === undefined ? {} : { severity }) };
}

function safeId(value: unknown): string | undefined {
  return typeof value === 'string' && SAFE_ID.test(value) ? value : undefined;
}

/** `findings` is not part of the contract: read when well formed, otherwise ignored. */
function readFindings(value: unknown): SecurityReplyReading['findings'] {
  if (!Array.isArray(value)) return [];
  const findings: { kind: string; count: number; ruleId?: string }[] = [];
  for (const item of value.slice(0, 100)) {
    if (typeof item !== 'object' || item === null) continue;
    const { kind, count, rule_id: ruleId } = item as Record<string, unknown>;
    const safeKind = safeId(kind);
    if (safeKind === undefined || typeof count !== 'number' || !Number.isInteger(count) || count < 0) continue;
    const safeRule = safeId(ruleId);
    findings.push({ kind: safeKind, count, ...(safeRule === undefined ? {} : { ruleId: safeRule }) });
  }
  return findings;
}
