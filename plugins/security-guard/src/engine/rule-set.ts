/** The engine's rules: the built-in set, changed by a policy, compiled and fingerprinted. */
import { createHash } from 'node:crypto';
import type { SecurityPolicy, SecurityPolicyRule } from './policy-schema.js';
import { REQUEST_RULES } from './request-rules.js';
import { RESPONSE_RULES } from './response-rules.js';
import { compileRule, type SecurityRule, type SecurityRuleSpec, type SecurityRuleStage, type SecuritySeverity } from './rule.js';

/** A built-in check that is code rather than a pattern; a policy may re-grade or disable it. */
export interface SecurityCheck {
  readonly id: string;
  readonly kind: string;
  readonly severity: SecuritySeverity;
  readonly stage: SecurityRuleStage;
  readonly description: string;
}

/**
 * Request rules applied to the decoded text of base64 blobs.
 * @example
 * parseSecurityPolicy({ rules: [{ id: ENCODED_PAYLOAD_CHECK.id, enabled: false }] });
 */
export const ENCODED_PAYLOAD_CHECK: SecurityCheck = Object.freeze({
  id: 'encoded.payload',
  kind: 'encoded_instruction',
  severity: 'high',
  stage: 'request',
  description: 'An encoded blob whose decoded text is a prompt attack.',
});

/**
 * The answer repeats a long passage of the system prompt.
 * @example
 * parseSecurityPolicy({ rules: [{ id: SYSTEM_ECHO_CHECK.id, severity: 'critical' }] });
 */
export const SYSTEM_ECHO_CHECK: SecurityCheck = Object.freeze({
  id: 'leak.system_prompt_echo',
  kind: 'system_prompt_leak',
  severity: 'high',
  stage: 'response',
  description: 'The answer repeats a long passage of the system prompt.',
});

export interface SecurityRuleSet {
  readonly rules: readonly SecurityRule[];
  readonly encodedPayload: SecurityCheck | undefined;
  readonly systemEcho: SecurityCheck | undefined;
  /** First 16 hex digits of the SHA-256 of the effective rules: tells two policies apart in evidence. */
  readonly hash: string;
}

type Entry = { spec: SecurityRuleSpec } | { check: SecurityCheck };

/**
 * @example
 * const { rules } = buildRuleSet({ rules: [{ id: 'leak.password', enabled: false }] });
 */
export function buildRuleSet(policy?: SecurityPolicy): SecurityRuleSet {
  const entries = new Map<string, Entry>();
  if (policy?.builtin_rules !== false) {
    for (const spec of REQUEST_RULES) entries.set(spec.id, { spec });
    entries.set(ENCODED_PAYLOAD_CHECK.id, { check: ENCODED_PAYLOAD_CHECK });
    for (const spec of RESPONSE_RULES) entries.set(spec.id, { spec });
    entries.set(SYSTEM_ECHO_CHECK.id, { check: SYSTEM_ECHO_CHECK });
  }
  for (const change of policy?.rules ?? []) apply(entries, change);

  const rules: SecurityRule[] = [];
  let encodedPayload: SecurityCheck | undefined;
  let systemEcho: SecurityCheck | undefined;
  for (const entry of entries.values()) {
    if ('spec' in entry) rules.push(compileRule(entry.spec));
    else if (entry.check.id === ENCODED_PAYLOAD_CHECK.id) encodedPayload = entry.check;
    else systemEcho = entry.check;
  }
  const fingerprint = JSON.stringify([
    rules.map((r) => [r.id, r.severity, r.stage, r.pattern, r.flags, r.kind]),
    [encodedPayload?.severity, systemEcho?.severity],
  ]);
  const hash = createHash('sha256').update(fingerprint).digest('hex').slice(0, 16);
  return Object.freeze({ rules: Object.freeze(rules), encodedPayload, systemEcho, hash });
}

function apply(entries: Map<string, Entry>, change: SecurityPolicyRule): void {
  const existing = entries.get(change.id);
  if (change.enabled === false) {
    if (existing === undefined) throw new Error(`rule "${change.id}": "enabled": false names no rule`);
    entries.delete(change.id);
    return;
  }
  const described = {
    ...(change.severity === undefined ? {} : { severity: change.severity }),
    ...(change.kind === undefined ? {} : { kind: change.kind }),
    ...(change.description === undefined ? {} : { description: change.description }),
  };
  if (existing !== undefined && 'check' in existing) {
    if (change.pattern !== undefined || change.stage !== undefined || change.flags !== undefined) {
      throw new Error(`rule "${change.id}" is a built-in check: only severity, kind, description and enabled apply`);
    }
    entries.set(change.id, { check: Object.freeze({ ...existing.check, ...described }) });
    return;
  }
  if (existing !== undefined) {
    // A new pattern comes with its own flags; the old ones were chosen for the old pattern.
    const flags = change.flags ?? (change.pattern === undefined ? existing.spec.flags : undefined);
    // A code check belongs to the pattern it was written for.
    const { flags: _old, accept, ...base } = existing.spec;
    entries.set(change.id, {
      spec: {
        ...base,
        ...described,
        ...(change.stage === undefined ? {} : { stage: change.stage }),
        ...(change.pattern === undefined ? {} : { pattern: change.pattern }),
        ...(flags === undefined ? {} : { flags }),
        ...(change.pattern === undefined && accept !== undefined ? { accept } : {}),
      },
    });
    return;
  }
  if (change.pattern === undefined || change.severity === undefined || change.stage === undefined) {
    throw new Error(`rule "${change.id}": a new rule needs pattern, severity and stage`);
  }
  entries.set(change.id, {
    spec: {
      id: change.id,
      severity: change.severity,
      stage: change.stage,
      pattern: change.pattern,
      ...described,
      ...(change.flags === undefined ? {} : { flags: change.flags }),
    },
  });
}
