/**
 * Reads a usage module's reply tolerantly (unknown fields ignored, absent fields allowed) but not
 * blindly: a field of the wrong type, a reply without any decision field, or a reply to another
 * request is a contract violation, never an "allow".
 */
import Type from 'typebox';
import { Compile } from 'typebox/compile';

const Text = Type.Union([Type.String(), Type.Null()]);

const ReplySchema = Type.Object(
  {
    request_id: Type.Optional(Text),
    policy_id: Type.Optional(Text),
    policy_version: Type.Optional(Text),
    policy_hash: Type.Optional(Text),
    classification: Type.Optional(Text),
    confidence: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    category: Type.Optional(Text),
    decision: Type.Optional(Text),
    action: Type.Optional(Text),
    allowed: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    blocked: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    status_code: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    reason: Type.Optional(Text),
    rule_id: Type.Optional(Text),
    findings: Type.Optional(
      Type.Array(
        Type.Object(
          {
            kind: Type.String(),
            count: Type.Optional(Type.Number()),
            severity: Type.Optional(Type.String()),
            action: Type.Optional(Type.String()),
          },
          { additionalProperties: true },
        ),
      ),
    ),
    warnings: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: true },
);

const checkReply = Compile(ReplySchema);
const STOPPING = new Set(['block', 'blocked', 'escalate']);
/** Longest module-supplied text carried into evidence or a client error. */
const MAX_TEXT = 200;

/**
 * A reply that does not follow the contract; the message names the field, never the prompt.
 * @example
 * assert.throws(() => readUsageReply({ decision: 5 }, 'id'), UsageContractError);
 */
export class UsageContractError extends Error {
  override readonly name = 'UsageContractError';
}

/** What the plugin needs from a reply. */
export interface UsageReplyView {
  readonly blocked: boolean;
  /** What happened, for evidence and metrics. */
  readonly decision: 'allow' | 'detect' | 'warn' | 'block' | 'escalate';
  readonly reason?: string;
  readonly ruleId?: string;
  readonly policyId?: string;
  readonly policyVersion?: string;
  readonly policyHash?: string;
  readonly classification?: string;
  readonly confidence?: number;
  readonly category?: string;
  readonly findings: readonly { readonly kind: string; readonly count: number; readonly action?: string }[];
  readonly warnings: readonly string[];
}

/**
 * @example
 * const view = readUsageReply(await callGuard(options, '/v1/scan', request), request.request_id);
 * if (view.blocked) return verdictFor(view);
 */
export function readUsageReply(reply: Record<string, unknown>, requestId: string): UsageReplyView {
  if (!checkReply.Check(reply)) {
    const first = [...checkReply.Errors(reply)].find((e) => e.keyword !== 'boolean' && e.keyword !== 'anyOf');
    const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'reply';
    throw new UsageContractError(`reply field ${path} ${first?.message ?? 'is invalid'}`);
  }
  const r = reply as Type.Static<typeof ReplySchema>;
  if ([r.allowed, r.blocked, r.decision, r.action].every((field) => field === undefined || field === null)) {
    throw new UsageContractError('reply has none of allowed, blocked, decision, action');
  }
  if (typeof r.request_id === 'string' && r.request_id !== '' && r.request_id !== requestId) {
    throw new UsageContractError('reply is for another request_id');
  }
  const decision = r.decision?.toLowerCase();
  const action = r.action?.toLowerCase();
  const blocked =
    r.blocked === true ||
    r.allowed === false ||
    r.status_code === 403 ||
    STOPPING.has(decision ?? '') ||
    STOPPING.has(action ?? '');
  const escalated = decision === 'escalate' || action === 'escalate';
  const warnings = (r.warnings ?? []).map(short);
  const ruleId = text(r.rule_id);
  return {
    blocked,
    decision: blocked
      ? escalated
        ? 'escalate'
        : 'block'
      : decision === 'warn' || warnings.length > 0
        ? 'warn'
        : ruleId
          ? 'detect'
          : 'allow',
    ...optional('reason', text(r.reason)),
    ...optional('ruleId', ruleId),
    ...optional('policyId', text(r.policy_id)),
    ...optional('policyVersion', text(r.policy_version)),
    ...optional('policyHash', text(r.policy_hash)),
    ...optional('classification', text(r.classification)),
    ...optional('confidence', typeof r.confidence === 'number' ? r.confidence : undefined),
    ...optional('category', text(r.category)),
    findings: (r.findings ?? []).map((f) => ({
      kind: short(f.kind),
      count: f.count ?? 1,
      ...optional('action', typeof f.action === 'string' ? short(f.action) : undefined),
    })),
    warnings,
  };
}

function text(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? short(value) : undefined;
}

function short(value: string): string {
  return value.length <= MAX_TEXT ? value : value.slice(0, MAX_TEXT);
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
