/** Evidence events, schema `svc.evidence.event` 1.1: hashes and counts, never prompt or answer text. */

/**
 * The `schema` of every evidence event; an audit module accepts only this schema.
 * @example
 * const ours = (event: EvidenceEvent) => event.schema === EVIDENCE_SCHEMA && event.schema_version === EVIDENCE_SCHEMA_VERSION;
 */
export const EVIDENCE_SCHEMA = 'svc.evidence.event';
/**
 * The `schema_version` of the events this kernel emits.
 * @example
 * assert.equal(event.schema_version, EVIDENCE_SCHEMA_VERSION); // '1.1'
 */
export const EVIDENCE_SCHEMA_VERSION = '1.1';

/**
 * Who reports an event. Everything that runs inside the gateway, a plugin included, reports as
 * `gateway`; a guard module reporting on its own names its kind. The audit module accepts only the
 * sources its schema lists (the evidence contract), so the kernel leaves the words to that contract.
 * @example
 * const source: EvidenceSource = 'gateway';
 */
export type EvidenceSource = string;
/**
 * What an event is about: `request`, `cache`, `upstream`, `policy`, `security`, `control`, `system`,
 * or the category the evidence contract gives a guard's own decisions. A plugin of its own kind (a
 * topic guard, a tenant check) reports under `policy` or `security`.
 * @example
 * const category: EvidenceCategory = 'policy';
 */
export type EvidenceCategory = string;
/**
 * How the step the event reports ended.
 * @example
 * const outcome: EvidenceOutcome = hit === undefined ? 'miss' : 'hit';
 */
export type EvidenceOutcome =
  'started' | 'allowed' | 'blocked' | 'completed' | 'failed' | 'hit' | 'miss' | 'bypassed' | 'stored' | 'skipped';

/**
 * Who the request was for. `kernel.evidence` sets `{ tenant_id: exchange.tenant, application_id:
 * exchange.application }` (the latter when set) unless the details bring their own actor.
 * @example
 * const actor: EvidenceActor = { tenant_id: exchange.tenant, application_id: exchange.application };
 */
export interface EvidenceActor {
  tenant_id?: string | undefined;
  subject_id?: string | undefined;
  application_id?: string | undefined;
}
/**
 * Which policy decided; a hash tells an audit which configuration it was, without its content.
 * @example
 * const policy: EvidencePolicy = { policy_id: 'topic-guard', policy_type: 'topic', policy_hash: topicListHash };
 */
export interface EvidencePolicy {
  policy_id?: string | undefined;
  policy_version?: string | undefined;
  policy_hash?: string | undefined;
  policy_type?: string | undefined;
}
/**
 * A kind of thing a scan found and how many; never the text it found.
 * @example
 * const finding: EvidenceFinding = { kind: 'EMAIL', count: 2, action: 'anonymized', detector_id: 'local' };
 */
export interface EvidenceFinding {
  kind: string;
  count: number;
  action?: string | undefined;
  detector_id?: string | undefined;
}
/**
 * A cache step: the layer, the operation and its outcome; keys only as hashes.
 * @example
 * const cache: EvidenceCache = { cache_type: 'faq', operation: 'lookup', outcome: 'hit', cache_key_hash: keyHash };
 */
export interface EvidenceCache {
  cache_type?: string | undefined;
  operation?: string | undefined;
  outcome?: string | undefined;
  cache_key_hash?: string | undefined;
  record_id?: string | undefined;
  similarity_score?: number | undefined;
  threshold?: number | undefined;
  upstream_called?: boolean | undefined;
}
/**
 * The upstream call a request made.
 * @example
 * const upstream: EvidenceUpstream = { provider_type: 'openai', model: exchange.request.model, response_status: 200 };
 */
export interface EvidenceUpstream {
  provider_type?: string | undefined;
  provider_name?: string | undefined;
  model?: string | undefined;
  endpoint_class?: string | undefined;
  response_status?: number | undefined;
  latency_ms?: number | undefined;
}
/**
 * What a guard or policy decided, as an action and an upper-case reason code.
 * @example
 * const decision: EvidenceDecision = { action: 'block', reason_code: 'TOPIC_NOT_ALLOWED', rule_id: 'off_topic' };
 */
export interface EvidenceDecision {
  action?: string | undefined;
  reason_code?: string | undefined;
  rule_id?: string | undefined;
  severity?: string | undefined;
}
/**
 * Flat extra fields of an event: counts, modes, identifiers; never message text.
 * @example
 * const attributes: EvidenceAttributes = { plugin: 'topic-guard', match_mode: 'stem', topics_matched: 0 };
 */
export type EvidenceAttributes = Record<string, string | number | boolean>;

/**
 * The optional parts of an event; empty parts are left out of the record. `kernel.evidence` takes
 * them, or a function that makes them only when a sink is tapped.
 * @example
 * kernel.evidence(exchange, HEAD, () => ({
 *   decision: { action: 'allow', reason_code: 'TOPIC_ALLOWED' },
 *   attributes: { topics_matched: matched },
 * }));
 */
export interface EvidenceDetails {
  parent_event_id?: string | undefined;
  actor?: EvidenceActor | undefined;
  policy?: EvidencePolicy | undefined;
  findings?: EvidenceFinding[] | undefined;
  cache?: EvidenceCache | undefined;
  upstream?: EvidenceUpstream | undefined;
  decision?: EvidenceDecision | undefined;
  attributes?: EvidenceAttributes | undefined;
  committed_to_client?: boolean | undefined;
}

/**
 * One evidence record, as the evidence hook's taps receive it: a fresh id and time, the trace, the
 * head and the known details. Hashes and counts, never prompt or answer text.
 * @example
 * const pending: EvidenceEvent[] = [];
 * kernel.hooks.evidence.tap(PLUGIN_NAME, (event) => {
 *   if (pending.length < 10_000) pending.push(event); // enqueue only; a timer delivers the batch
 * });
 */
export interface EvidenceEvent extends EvidenceDetails {
  readonly schema: typeof EVIDENCE_SCHEMA;
  readonly schema_version: typeof EVIDENCE_SCHEMA_VERSION;
  readonly event_id: string;
  readonly trace_id: string;
  readonly occurred_at: string;
  readonly source: EvidenceSource;
  readonly category: EvidenceCategory;
  readonly event_type: string;
  readonly outcome: EvidenceOutcome;
}

/**
 * The four fields that name an event; a plugin keeps its heads as frozen constants.
 * @example
 * export const FAQ_HIT: EvidenceHead = Object.freeze({
 *   source: 'gateway',
 *   category: 'cache',
 *   event_type: 'faq.lookup',
 *   outcome: 'hit',
 * });
 */
export interface EvidenceHead {
  source: EvidenceSource;
  category: EvidenceCategory;
  event_type: string;
  outcome: EvidenceOutcome;
}
