/**
 * The privacy engine: scans texts for personal data and, by mode, reports, redacts, anonymises or blocks;
 * restores placeholders from the mapping kept at scan time. Deterministic and local: the only I/O is
 * the mapping store it is given. Values never leave it except in a restored text.
 */
import { randomUUID } from 'node:crypto';
import type { PrivacyMode, RestoreReply, RestoreRequest, ScanReply, ScanRequest, WireFinding } from '../contract.js';
import { detectPersonalData } from './detect.js';
import { SEVERITY_OF } from './finding-kinds.js';
import { memoryMappingStore, type MappingStore } from './mapping-store.js';
import { resolvePolicy, type PrivacyPolicies } from './policy.js';
import { restoreText, transformTexts, type TextMode } from './transform.js';

export interface PrivacyEngineOptions {
  /** Default: in memory. */
  readonly mappings?: MappingStore;
  /** How long a mapping can be restored. Default 3600. */
  readonly mappingTtlSeconds?: number;
  /** Policies by id (policy.ts); default: one built-in policy with every kind. */
  readonly policies?: PrivacyPolicies;
  /** Mode when neither the request nor its policy names one. Default `anonymize`. */
  readonly defaultMode?: PrivacyMode;
}

const TEXT_MODE: Readonly<Record<PrivacyMode, TextMode>> = {
  detect_only: 'detect',
  block: 'detect',
  redact: 'redact',
  anonymize: 'anonymize',
};
const ACTION: Readonly<Record<PrivacyMode, ScanReply['action']>> = {
  detect_only: 'detected',
  redact: 'redacted',
  anonymize: 'anonymized',
  block: 'blocked',
};

/**
 * @example
 * const engine = new PrivacyEngine();
 * const reply = await engine.scan({ tenant_id: 't', mode: 'anonymize', messages: [{ role: 'user', content: 'I am ana@x.org' }] });
 * // reply.messages[0].content === 'I am [EMAIL_1]'
 * await engine.restore({ tenant_id: 't', mapping_id: reply.mapping_id!, messages: [{ role: 'assistant', content: 'Hi [EMAIL_1]' }] });
 */
export class PrivacyEngine {
  readonly #mappings: MappingStore;
  readonly #ttlMs: number;
  readonly #policies: PrivacyPolicies;
  readonly #defaultMode: PrivacyMode;

  constructor(options: PrivacyEngineOptions = {}) {
    const ttlSeconds = options.mappingTtlSeconds ?? 3600;
    if (!(ttlSeconds > 0)) throw new RangeError('mappingTtlSeconds must be greater than 0');
    this.#mappings = options.mappings ?? memoryMappingStore();
    this.#ttlMs = Math.max(1, Math.round(ttlSeconds * 1000));
    this.#policies = options.policies ?? new Map();
    this.#defaultMode = options.defaultMode ?? 'anonymize';
  }

  /** The mapping store's state, for a module's health. */
  get mappingState(): { up: boolean; reason?: string } {
    return this.#mappings.state();
  }

  async scan(request: ScanRequest): Promise<ScanReply> {
    const tenantId = request.tenant_id ?? 'default';
    const policyId = request.policy_id ?? 'default';
    const { policy, warning } = resolvePolicy(this.#policies, policyId);
    const mode = policy.mode ?? request.mode ?? this.#defaultMode;
    const detectOptions = { ...(policy.kinds ? { kinds: policy.kinds } : {}), extra: policy.detectors };
    const result = transformTexts(
      request.messages.map((m) => m.content),
      TEXT_MODE[mode],
      (text) => detectPersonalData(text, detectOptions),
    );
    const findings: WireFinding[] = [...result.counts].map(([kind, count]) => ({ kind, count, severity: SEVERITY_OF[kind] }));
    let mappingId: string | null = null;
    if (Object.keys(result.mapping).length > 0) {
      mappingId = randomUUID();
      await this.#mappings.put(mappingId, { tenant_id: tenantId, values: result.mapping }, this.#ttlMs);
    }
    return {
      request_id: request.request_id ?? '',
      tenant_id: tenantId,
      policy_id: policyId,
      decision: mode === 'block' && findings.length > 0 ? 'block' : 'allow',
      action: findings.length === 0 ? 'none' : ACTION[mode],
      modified: result.changed,
      mapping_id: mappingId,
      messages: request.messages.map((m, i) => ({ role: m.role, content: result.texts[i] ?? m.content })),
      findings,
      warnings: warning === undefined ? [] : [warning],
    };
  }

  /** Puts values back; `restored: false` when the mapping is unknown, expired or another tenant's. */
  async restore(request: RestoreRequest): Promise<RestoreReply> {
    const tenantId = request.tenant_id ?? 'default';
    const record = await this.#mappings.get(request.mapping_id);
    const found = record !== undefined && record.tenant_id === tenantId;
    return {
      request_id: request.request_id ?? '',
      tenant_id: tenantId,
      restored: found,
      messages: request.messages.map((m) => ({
        role: m.role ?? 'assistant',
        content: found ? restoreText(m.content, record.values, m.format) : m.content,
      })),
      warnings: found ? [] : ['mapping_not_found'],
    };
  }

  async close(): Promise<void> {
    await this.#mappings.close();
  }
}
