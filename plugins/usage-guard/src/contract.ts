/**
 * The usage guard's wire contract (CONTRACTS.md, "Usage guard"): the scan request a gateway sends and
 * the reply a module answers, plus the fields beyond the contract that this engine reads and writes.
 */
import Type from 'typebox';

export const USAGE_MODES = ['detect_only', 'warn', 'enforce', 'escalate'] as const;

/** What the module does with a policy violation: report it, warn, block it, or block it for review. */
export type UsageMode = (typeof USAGE_MODES)[number];

/** The engine's decision: `allow` also covers a violation seen in `detect_only` mode. */
export type UsageDecision = 'allow' | 'warn' | 'block' | 'escalate';

/**
 * The scan request as a module reads it; unknown fields are ignored.
 * @example
 * if (!Value.Check(UsageScanRequestSchema, body)) throw new ModuleRequestError(422, 'invalid_request', '…');
 */
export const UsageScanRequestSchema = Type.Object(
  {
    request_id: Type.Optional(Type.String({ maxLength: 256 })),
    tenant_id: Type.Optional(Type.String({ maxLength: 256 })),
    /** Empty or absent: the tenant's policy, else the file's default policy. */
    policy_id: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
    mode: Type.Optional(
      Type.Union([Type.Literal('detect_only'), Type.Literal('warn'), Type.Literal('enforce'), Type.Literal('escalate')]),
    ),
    direction: Type.Optional(Type.Literal('request')),
    messages: Type.Array(Type.Object({ role: Type.String(), content: Type.String() }, { additionalProperties: true })),
    /** Beyond the contract: the requested model, checked against the policy's model allowlist. */
    model: Type.Optional(Type.String({ maxLength: 512 })),
    /**
     * Beyond the contract: the gateway's estimate of the prompt's tokens, for token quotas. It counts text
     * the scan does not see (text parts of content arrays); absent, the module estimates from `messages`.
     */
    prompt_tokens_estimate: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: true },
);

export type UsageScanRequest = Type.Static<typeof UsageScanRequestSchema>;

/** One thing the engine found: a category matched, a model refused, a quota reached. */
export interface UsageFinding {
  /** `category:<name>`, `model` or `quota:<id>`. */
  readonly kind: string;
  /** Terms matched (category); the counter's value (quota: after the charge, or as it stayed when the request was blocked); 1 (model). */
  readonly count: number;
  readonly severity: 'low' | 'medium' | 'high' | 'critical';
  /** What the mode made of it: allow (no violation, or detect_only), warn, block or escalate. */
  readonly action: UsageDecision;
}

/** The reply of `POST /v1/scan`. */
export interface UsageScanReply {
  readonly request_id: string;
  readonly tenant_id: string;
  readonly policy_id: string;
  /** The file's `version`, or `sha256:` and 12 hex digits of its canonical JSON. */
  readonly policy_version: string;
  /** Beyond the contract: SHA-256 of the policy file's canonical JSON, for evidence. */
  readonly policy_hash: string;
  readonly direction: 'request';
  /** The classifier's label: the category with the most matched terms, or `general`. */
  readonly classification: string;
  /** 0..1: how sure the label is (1 − 0.5^terms matched; 0.5 for `general`). */
  readonly confidence: number;
  /** The category that decided: a denied or unlisted one when there is one, else the classification. */
  readonly category: string;
  readonly decision: UsageDecision;
  /** What happens to the request: it goes on (allow) or stops (block; escalate: stopped for a person to review). */
  readonly action: 'allow' | 'block' | 'escalate';
  readonly allowed: boolean;
  readonly blocked: boolean;
  /** 403 when blocked, else 200. */
  readonly status_code: 200 | 403;
  /** A sentence naming the rule, never the prompt's text. */
  readonly reason: string;
  /** `category:<name>`, `model:not_allowed`, `quota:<id>`, or empty when nothing was violated. */
  readonly rule_id: string;
  readonly findings: readonly UsageFinding[];
  readonly warnings: readonly string[];
}
