/**
 * The usage engine: picks the request's policy, classifies its text, checks categories, the model
 * and quotas, and answers in the module contract's reply shape. Deterministic given its clock and
 * counters; it does no I/O of its own.
 */
import type { UsageFinding, UsageScanReply, UsageScanRequest } from '../contract.js';
import type { CompiledPolicy, UsagePolicySet } from '../policy/compiled-policy.js';
import { builtinUsagePolicy } from '../policy/builtin-policy.js';
import { memoryQuotaCounters } from '../quota/memory-counters.js';
import type { QuotaCounters } from '../quota/quota-counters.js';
import { planQuotaCharges } from '../quota/quota-plan.js';
import { classify } from './classify.js';
import { estimatePromptTokens } from './token-estimate.js';
import { categoryViolation, modelViolation, modeOutcome, quotaViolation, type Violation } from './violations.js';

/**
 * A request naming a policy the file does not have (the module server answers it 422 `unknown_policy`).
 * @example
 * try { engine.policyFor('acme', 'gold'); } catch (error) { if (error instanceof UnknownUsagePolicyError) console.error(error.policyId); }
 */
export class UnknownUsagePolicyError extends Error {
  constructor(readonly policyId: string) {
    super(`no usage policy named "${policyId}"`);
    this.name = 'UnknownUsagePolicyError';
  }
}

export interface UsageEngineOptions {
  /** Default: the built-in policy (allows everything, no quotas). */
  readonly policy?: UsagePolicySet;
  /** Default: in-process counters. */
  readonly counters?: QuotaCounters;
  /** Milliseconds since the epoch; tests move it to cross quota windows. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * @example
 * const engine = new UsageEngine({ policy: await loadUsagePolicy('usage-policy.json') });
 * const reply = await engine.evaluate({ tenant_id: 'acme', mode: 'enforce', messages: [{ role: 'user', content: 'hi' }] });
 * reply.blocked; // false
 */
export class UsageEngine {
  readonly policy: UsagePolicySet;
  readonly counters: QuotaCounters;
  readonly #now: () => number;

  constructor(options: UsageEngineOptions = {}) {
    this.policy = options.policy ?? builtinUsagePolicy();
    this.counters = options.counters ?? memoryQuotaCounters();
    this.#now = options.now ?? Date.now;
  }

  /** The policy a request gets: the one it names, else its tenant's, else the file's default. */
  policyFor(tenantId: string, policyId?: string | null): CompiledPolicy {
    const name = policyId ? policyId : (this.policy.tenants.get(tenantId) ?? this.policy.defaultPolicy);
    const policy = this.policy.policies.get(name);
    if (policy === undefined) throw new UnknownUsagePolicyError(name);
    return policy;
  }

  /** Evaluates one request; quota counters change unless an enforcing mode blocks it. */
  async evaluate(request: UsageScanRequest): Promise<UsageScanReply> {
    const tenant = request.tenant_id ?? 'default';
    const mode = request.mode ?? 'enforce';
    const policy = this.policyFor(tenant, request.policy_id);
    const classification = classify(request.messages.map((m) => m.content).join('\n'), this.policy.categories);
    const upfront = categoryViolation(classification, policy) ?? modelViolation(request.model, policy);
    const blocking = mode === 'enforce' || mode === 'escalate';
    let quota: { violation: Violation; total: number } | undefined;
    // A request an enforcing mode stops anyway does not use up quota; one that goes on is always counted.
    if (!(blocking && upfront !== undefined) && policy.quotas.length > 0) {
      const tokens = request.prompt_tokens_estimate ?? estimatePromptTokens(request.messages);
      const charges = planQuotaCharges(policy, tenant, tokens, this.#now());
      const charged = await this.counters.charge(charges, blocking);
      const over = charges[charged.exceeded];
      if (over !== undefined) quota = { violation: quotaViolation(over, policy), total: charged.totals[charged.exceeded] ?? 0 };
    }
    const violation = upfront ?? quota?.violation;
    const outcome = modeOutcome(mode, violation);
    // The finding of the rule that decided carries the mode's decision; the others were allowed.
    const actionOf = (kind: string) => (kind === violation?.ruleId ? outcome.decision : 'allow');
    const findings: UsageFinding[] = classification.matches.map((match) => {
      const kind = `category:${match.category.name}`;
      return { kind, count: match.terms, severity: match.category.severity, action: actionOf(kind) };
    });
    if (upfront?.kind === 'model')
      findings.push({ kind: upfront.ruleId, count: 1, severity: 'medium', action: actionOf(upfront.ruleId) });
    if (quota !== undefined) {
      const kind = quota.violation.ruleId;
      findings.push({ kind, count: quota.total, severity: 'medium', action: actionOf(kind) });
    }
    return {
      request_id: request.request_id ?? '',
      tenant_id: tenant,
      policy_id: policy.id,
      policy_version: this.policy.version,
      policy_hash: this.policy.hash,
      direction: 'request',
      classification: classification.label,
      confidence: classification.confidence,
      category: violation?.category ?? classification.label,
      decision: outcome.decision,
      action: outcome.action,
      allowed: !outcome.blocked,
      blocked: outcome.blocked,
      status_code: outcome.blocked ? 403 : 200,
      reason: violation?.reason ?? `allowed by policy "${policy.id}"`,
      rule_id: violation?.ruleId ?? '',
      findings,
      warnings:
        outcome.decision === 'warn' ? [upfront, quota?.violation].filter((v) => v !== undefined).map((v) => v.reason) : [],
    };
  }

  async close(): Promise<void> {
    await this.counters.close();
  }
}
