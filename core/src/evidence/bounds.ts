/**
 * The limits every evidence event keeps, and the one pass that makes an event keep them. Model names,
 * tenants, header values and attributes can come from a client; an event that broke the audit schema's
 * limits would be refused there, so it is bounded here, where every event is built and emitted.
 */
import { createHash } from 'node:crypto';
import type { EvidenceEvent } from './event.js';

/**
 * What an audit module accepts in one event: the producer bounds to these and `@sluice/audit`
 * checks against them, so the two cannot drift apart.
 * @example
 * const schema = { type: 'string', maxLength: EVIDENCE_LIMITS.shortText };
 */
export const EVIDENCE_LIMITS = Object.freeze({
  /** Ids, names, codes: longer is most likely text that must not be stored. */
  shortText: 256,
  /** An attribute value may be a little longer (an error class, a list of actions), never a prompt. */
  attributeText: 1024,
  attributes: 64,
  findings: 256,
});

/** Fields whose value must not be empty: an empty one after cleaning becomes this. */
const EMPTY_ID = '-';
const HASH_DIGITS = 16;
/**
 * C0 and C1 controls, DEL, and the bidirectional overrides and isolates that make a log line read other
 * than it is; lone surrogates are matched so they can be replaced (they are not text).
 */
const UNWANTED =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const CLEAN_FAST = /^[\u0020-\u007e]*$/;

const PARTS = {
  actor: ['tenant_id', 'subject_id', 'application_id'],
  policy: ['policy_id', 'policy_version', 'policy_hash', 'policy_type'],
  cache: [
    'cache_type',
    'operation',
    'outcome',
    'cache_key_hash',
    'record_id',
    'similarity_score',
    'threshold',
    'upstream_called',
  ],
  upstream: ['provider_type', 'provider_name', 'model', 'endpoint_class', 'response_status', 'latency_ms'],
  decision: ['action', 'reason_code', 'rule_id', 'severity'],
} as const;

/**
 * A string cut to `limit` UTF-16 units with control characters removed. A cut value ends in
 * `…[sha256:<16 hex>]` of the whole original, so two long values that share a prefix stay distinct and
 * the same value always gives the same result.
 * @example
 * boundText('m'.repeat(300), 256); // 'mmm…m…[sha256:1f0c…]', 256 characters
 */
export function boundText(value: string, limit: number): string {
  const clean = CLEAN_FAST.test(value)
    ? value
    : value.replace(UNWANTED, (found) => (found.length === 1 && found < '\ud800' ? '' : '\ufffd'));
  if (clean.length <= limit) return clean;
  const suffix = `…[sha256:${createHash('sha256').update(value).digest('hex').slice(0, HASH_DIGITS)}]`;
  let head = clean.slice(0, Math.max(0, limit - suffix.length));
  // Never end on half a surrogate pair.
  if (/[\ud800-\udbff]$/.test(head)) head = head.slice(0, -1);
  return `${head}${suffix}`;
}

/**
 * The event as an audit module accepts it: strings bounded and cleaned, numbers finite, at most
 * `EVIDENCE_LIMITS.attributes` attributes and `findings` findings, unknown fields of the parts left out.
 * An event already within bounds is returned as it is.
 * @example
 * kernel.hooks.evidence.call(boundEvidenceEvent(event));
 */
export function boundEvidenceEvent(event: EvidenceEvent): EvidenceEvent {
  if (withinBounds(event)) return event;
  const bounded: Record<string, unknown> = {};
  let changed = false;
  for (const [key, value] of Object.entries(event)) {
    const kept = boundField(key, value);
    if (kept !== value) changed = true;
    if (kept !== undefined) bounded[key] = kept;
  }
  return changed ? (bounded as unknown as EvidenceEvent) : event;
}

function boundField(key: string, value: unknown): unknown {
  switch (key) {
    case 'trace_id':
    case 'event_type':
    case 'parent_event_id':
      return typeof value === 'string' ? requiredText(value) : value;
    case 'actor':
    case 'policy':
    case 'cache':
    case 'upstream':
    case 'decision':
      return boundPart(PARTS[key], value);
    case 'findings':
      return boundFindings(value);
    case 'attributes':
      return boundAttributes(value);
    default:
      return value;
  }
}

function requiredText(value: string): string {
  const bounded = boundText(value, EVIDENCE_LIMITS.shortText);
  return bounded === '' ? EMPTY_ID : bounded;
}

function boundPart(fields: readonly string[], part: unknown): unknown {
  if (part === null || typeof part !== 'object') return undefined;
  const source = part as Record<string, unknown>;
  const bounded: Record<string, unknown> = {};
  let changed = Object.keys(source).some((key) => !fields.includes(key));
  for (const field of fields) {
    const value = source[field];
    if (value === undefined) continue;
    const kept = boundScalar(field, value, EVIDENCE_LIMITS.shortText);
    if (kept !== value) changed = true;
    if (kept !== undefined) bounded[field] = kept;
  }
  if (!changed) return part;
  return Object.keys(bounded).length === 0 ? undefined : bounded;
}

/** A string bounded, a number kept only when finite (JSON has no NaN), integers where the schema wants them. */
function boundScalar(field: string, value: unknown, limit: number): unknown {
  if (typeof value === 'string') return boundText(value, limit);
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  if (field === 'response_status') return Number.isInteger(value) && value >= 0 && value <= 999 ? value : undefined;
  if (field === 'latency_ms' || field === 'count') return Math.max(0, field === 'count' ? Math.round(value) : value);
  return value;
}

function boundFindings(findings: unknown): unknown {
  if (!Array.isArray(findings)) return undefined;
  let changed = findings.length > EVIDENCE_LIMITS.findings;
  const bounded: unknown[] = [];
  for (const finding of findings.slice(0, EVIDENCE_LIMITS.findings)) {
    const kept = boundFinding(finding);
    if (kept !== finding) changed = true;
    if (kept !== undefined) bounded.push(kept);
  }
  if (!changed) return findings;
  return bounded.length === 0 ? undefined : bounded;
}

function boundFinding(finding: unknown): unknown {
  if (finding === null || typeof finding !== 'object') return undefined;
  const { kind, count, action, detector_id: detector } = finding as Record<string, unknown>;
  const bounded: Record<string, unknown> = {
    kind: typeof kind === 'string' ? requiredText(kind) : EMPTY_ID,
    count: boundScalar('count', count, 0) ?? 0,
  };
  if (action !== undefined) bounded.action = boundScalar('action', action, EVIDENCE_LIMITS.shortText);
  if (detector !== undefined) bounded.detector_id = boundScalar('detector_id', detector, EVIDENCE_LIMITS.shortText);
  const same = Object.keys(finding).every((key) => (finding as Record<string, unknown>)[key] === bounded[key]);
  return same && Object.keys(bounded).length === Object.keys(finding).length ? finding : bounded;
}

function boundAttributes(attributes: unknown): unknown {
  if (attributes === null || typeof attributes !== 'object') return undefined;
  const entries = Object.entries(attributes as Record<string, unknown>);
  let changed = entries.length > EVIDENCE_LIMITS.attributes;
  const bounded: Record<string, unknown> = {};
  let kept = 0;
  for (const [key, value] of entries) {
    if (kept === EVIDENCE_LIMITS.attributes) break;
    const name = boundText(key, EVIDENCE_LIMITS.shortText);
    const bound = boundScalar('', value, EVIDENCE_LIMITS.attributeText);
    if (name !== key || bound !== value) changed = true;
    // Two long names cut to the same text: the first one stays.
    if (bound === undefined || name === '' || Object.hasOwn(bounded, name)) {
      changed = true;
      continue;
    }
    bounded[name] = bound;
    kept += 1;
  }
  if (!changed) return attributes;
  return kept === 0 ? undefined : bounded;
}

/** A check that allocates nothing, so the events of well-behaved requests cost one walk and no copy. */
function withinBounds(event: EvidenceEvent): boolean {
  for (const key in event) {
    const value = (event as unknown as Record<string, unknown>)[key];
    switch (key) {
      case 'trace_id':
      case 'event_type':
      case 'parent_event_id':
        if (typeof value === 'string' && (value === '' || !plainText(value, EVIDENCE_LIMITS.shortText))) return false;
        break;
      case 'actor':
      case 'policy':
      case 'cache':
      case 'upstream':
      case 'decision':
        if (!partWithinBounds(PARTS[key], value)) return false;
        break;
      case 'findings':
      case 'attributes':
        // Rare, and with more rules: the full pass decides.
        if (value !== undefined && !(key === 'attributes' && attributesWithinBounds(value))) return false;
        break;
      default:
    }
  }
  return true;
}

function partWithinBounds(fields: readonly string[], part: unknown): boolean {
  if (part === null || typeof part !== 'object') return false;
  for (const field in part) {
    if (!fields.includes(field)) return false;
    const value = (part as Record<string, unknown>)[field];
    if (typeof value === 'string') {
      if (!plainText(value, EVIDENCE_LIMITS.shortText)) return false;
    } else if (typeof value === 'number') {
      if (boundScalar(field, value, 0) !== value) return false;
    } else if (typeof value !== 'boolean') return false;
  }
  return true;
}

function attributesWithinBounds(attributes: unknown): boolean {
  if (attributes === null || typeof attributes !== 'object') return false;
  let count = 0;
  for (const name in attributes) {
    count += 1;
    if (count > EVIDENCE_LIMITS.attributes || name === '' || !plainText(name, EVIDENCE_LIMITS.shortText)) return false;
    const value = (attributes as Record<string, unknown>)[name];
    if (typeof value === 'string') {
      if (!plainText(value, EVIDENCE_LIMITS.attributeText)) return false;
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return false;
    } else if (typeof value !== 'boolean') return false;
  }
  return true;
}

/** Printable ASCII within the limit: what nearly every value is, and what needs no cleaning. */
function plainText(value: string, limit: number): boolean {
  return value.length <= limit && CLEAN_FAST.test(value);
}
