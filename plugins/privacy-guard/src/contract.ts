/**
 * The privacy guard's wire contract (CONTRACTS.md, "Guard modules"): `POST /v1/scan` and `POST /v1/restore`.
 * The server checks requests against these schemas; the plugin reads replies tolerantly (unknown fields
 * ignored) but insists on the parts it acts on.
 */
import Type from 'typebox';
import { type FindingKind, type Severity } from './engine/finding-kinds.js';

export const PRIVACY_MODES = Object.freeze(['detect_only', 'redact', 'anonymize', 'block'] as const);
/** `detect_only` reports; `redact` masks for good; `anonymize` swaps in placeholders to restore later; `block` stops. */
export type PrivacyMode = (typeof PRIVACY_MODES)[number];

export const PrivacyModeSchema = Type.Union([
  Type.Literal('detect_only'),
  Type.Literal('redact'),
  Type.Literal('anonymize'),
  Type.Literal('block'),
]);
export const FindingKindSchema = Type.Union([
  Type.Literal('email'),
  Type.Literal('ipv4'),
  Type.Literal('phone'),
  Type.Literal('jwt'),
  Type.Literal('api_key'),
  Type.Literal('bearer_token'),
  Type.Literal('private_key'),
  Type.Literal('credit_card_like'),
  Type.Literal('ssn'),
  Type.Literal('iban'),
  Type.Literal('other'),
]);
// The lists above must name every mode and kind, no more (checked at compile time).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _modes: Same<Type.Static<typeof PrivacyModeSchema>, PrivacyMode> = true;
const _kinds: Same<Type.Static<typeof FindingKindSchema>, FindingKind> = true;

const MAX_MESSAGES = 10_000;
const Id = Type.Union([Type.String({ maxLength: 512 }), Type.Null()]);

export const ScanRequestSchema = Type.Object({
  request_id: Type.Optional(Id),
  tenant_id: Type.Optional(Id),
  conversation_id: Type.Optional(Id),
  policy_id: Type.Optional(Id),
  mode: Type.Optional(PrivacyModeSchema),
  messages: Type.Array(Type.Object({ role: Type.String(), content: Type.String() }), { maxItems: MAX_MESSAGES }),
});
export type ScanRequest = Type.Static<typeof ScanRequestSchema>;

export interface WireMessage {
  role: string;
  content: string;
}

export interface WireFinding {
  kind: FindingKind;
  count: number;
  severity: Severity;
}

export interface ScanReply {
  request_id: string;
  tenant_id: string;
  policy_id: string;
  decision: 'allow' | 'block';
  /** `none` when nothing was found, else what the mode did: `detected`, `redacted`, `anonymized`, `blocked`. */
  action: 'none' | 'detected' | 'redacted' | 'anonymized' | 'blocked';
  modified: boolean;
  /** Set when placeholders were put in and their values kept for a restore. */
  mapping_id: string | null;
  messages: WireMessage[];
  findings: WireFinding[];
  warnings: string[];
}

export const RestoreRequestSchema = Type.Object({
  request_id: Type.Optional(Id),
  tenant_id: Type.Optional(Id),
  mapping_id: Type.String({ minLength: 1, maxLength: 512 }),
  messages: Type.Array(
    Type.Object({
      role: Type.Optional(Type.String()),
      content: Type.String(),
      /** An extension of this module: `json` marks text that is JSON (tool-call arguments), so values are escaped. */
      format: Type.Optional(Type.Union([Type.Literal('text'), Type.Literal('json')])),
    }),
    { maxItems: MAX_MESSAGES },
  ),
});
export type RestoreRequest = Type.Static<typeof RestoreRequestSchema>;

export interface RestoreReply {
  request_id: string;
  tenant_id: string;
  /** False when the mapping is unknown or expired (the texts come back unchanged). */
  restored: boolean;
  messages: WireMessage[];
  warnings: string[];
}

/** A scan reply as the plugin reads it: only the fields it acts on are checked. */
export const ScanReplySchema = Type.Object({
  decision: Type.Optional(Type.String()),
  action: Type.Optional(Type.String()),
  modified: Type.Optional(Type.Boolean()),
  mapping_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  policy_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  messages: Type.Optional(Type.Array(Type.Object({ role: Type.String(), content: Type.String() }))),
  findings: Type.Optional(
    Type.Array(
      Type.Object({
        kind: Type.String(),
        count: Type.Optional(Type.Integer({ minimum: 0 })),
        severity: Type.Optional(Type.String()),
      }),
    ),
  ),
});
export type ScanReplyRead = Type.Static<typeof ScanReplySchema>;

export const RestoreReplySchema = Type.Object({
  restored: Type.Optional(Type.Boolean()),
  messages: Type.Optional(Type.Array(Type.Object({ content: Type.String() }))),
});
export type RestoreReplyRead = Type.Static<typeof RestoreReplySchema>;
