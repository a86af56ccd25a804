/**
 * The fault-injection table: for each dependency, fault and configuration, what the client, /metrics,
 * the evidence and /readyz must show while the fault lasts (docs/guards.md, semantic-cache.md, audit.md,
 * observe-mode.md, reference/errors.md and reference/config.md say why). FAULTS.md prints it.
 */
import { blackhole, delay, refuse, reset, slowDrip, type Fault } from '../../fixtures/fault-proxy.js';

export type Dependency =
  'upstream' | 'kv' | 'embedding' | 'vectordb' | 'security_guard' | 'privacy_guard' | 'usage_guard' | 'audit';

export type FaultName = 'delay' | 'reset' | 'blackhole' | 'slow drip' | 'refuse';

/**
 * Each fault outlasts every timeout the suites configure (at most 1 s): a delay of 1 s each way (2 s a round
 * trip), and a drip of one byte every 500 ms, which keeps even a 3-byte Redis reply past a 0.3 s timeout.
 */
export const FAULTS: Readonly<Record<FaultName, Fault>> = {
  delay: delay(1_000),
  reset,
  blackhole,
  'slow drip': slowDrip(1, 500),
  refuse,
};

/** Faults that leave the peer silent (the caller's timeout decides) and faults that break the connection. */
const SILENT: readonly FaultName[] = ['delay', 'blackhole', 'slow drip'];
const isSilent = (fault: FaultName) => SILENT.includes(fault);

export interface Configuration {
  readonly mode: 'enforce' | 'observe';
  /** `guard_fail_open` or `semantic_fail_open`; absent where the dependency has no such switch. */
  readonly failOpen?: boolean;
  /** The request asks for `stream: true` (controlled streaming: nothing reaches the client before the end). */
  readonly stream?: boolean;
}

/** A counter sample and how much one faulted request adds to it (at least, for `atLeast`). */
export interface CountedBy {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly by: number;
  readonly atLeast?: boolean;
}

/** An evidence event the request's trace must hold. */
export interface EvidenceMatch {
  readonly event_type: string;
  readonly outcome: string;
  readonly action?: string;
  readonly reason_code?: string;
  readonly attributes?: Readonly<Record<string, string | boolean>>;
  readonly cache_type?: string;
}

export interface Expected {
  readonly status: number;
  /** The error identifier of a failed request. */
  readonly code?: string;
  readonly metrics: readonly CountedBy[];
  readonly evidence: readonly EvidenceMatch[];
  /** /readyz while the fault lasts. */
  readonly ready: boolean;
}

export interface FaultCase {
  readonly dependency: Dependency;
  readonly fault: FaultName;
  readonly configuration: Configuration;
  readonly expected: Expected;
}

const counted = (name: string, labels: Record<string, string> = {}, by = 1, atLeast = false): CountedBy => ({
  name,
  labels,
  by,
  atLeast,
});

/** A request that failed: its status and code, counted once in gw_errors_total, ended by request.failed. */
function failed(status: number, code: string, metrics: CountedBy[], evidence: EvidenceMatch[], ready = true): Expected {
  return {
    status,
    code,
    metrics: [counted('gw_errors_total', { class: code }), ...metrics],
    evidence: [...evidence, { event_type: 'request.failed', outcome: 'failed', reason_code: code.toUpperCase() }],
    ready,
  };
}

/** A request answered by the upstream despite the fault. */
function served(metrics: CountedBy[], evidence: EvidenceMatch[], ready = true): Expected {
  return {
    status: 200,
    metrics,
    evidence: [...evidence, { event_type: 'request.completed', outcome: 'completed', attributes: { delivery_path: 'upstream' } }],
    ready,
  };
}

/** The provider: silent faults are timeouts, broken connections connect errors; a stream fails the same way, before any byte. */
function upstream(fault: FaultName, configuration: Configuration): Expected {
  const code = isSilent(fault) ? 'upstream_timeout' : 'upstream_connect_error';
  const timeouts = isSilent(fault) ? [counted('gw_upstream_timeouts_total')] : [];
  const streamed = configuration.stream === true ? [counted('gw_stream_upstream_errors_total', { class: code })] : [];
  const event = configuration.stream === true ? 'upstream.stream.failed' : 'upstream.failed';
  return failed(
    isSilent(fault) ? 504 : 502,
    code,
    [...timeouts, ...streamed],
    [{ event_type: event, outcome: 'failed', attributes: { error_class: code } }],
  );
}

/**
 * The exact cache's store: a fault is a miss and a failed write, never the request's error. Readiness
 * (kv_readiness_required on, the default) drops in enforce mode while the store is down, whether it
 * refuses, resets or stays silent past kv_timeout_seconds; observe mode never drops it.
 */
function kv(configuration: Configuration): Expected {
  const cacheError = { event_type: 'cache.error', outcome: 'failed', cache_type: 'exact' };
  const both = [
    counted('gw_cache_errors_total', { layer: 'exact', operation: 'get' }),
    counted('gw_cache_errors_total', { layer: 'exact', operation: 'set' }),
  ];
  if (configuration.mode === 'observe')
    return served([...both, counted('gw_evaluation_errors_total', { layer: 'exact' }, 2)], [cacheError]);
  return served(both, [cacheError], false);
}

/** The embedding endpoint: fail-open and observe mode go upstream; fail-closed fails with the embedding's own error. */
function embedding(fault: FaultName, configuration: Configuration): Expected {
  const cacheError = { event_type: 'cache.error', outcome: 'failed', cache_type: 'semantic', attributes: { step: 'embed' } };
  const timeouts = isSilent(fault) ? [counted('gw_embedding_timeouts_total')] : [];
  const errors = [counted('gw_cache_errors_total', { layer: 'semantic', operation: 'embed' }), ...timeouts];
  if (configuration.mode === 'observe')
    return served([...errors, counted('gw_evaluation_errors_total', { layer: 'semantic' })], [cacheError]);
  if (configuration.failOpen === true) return served(errors, [cacheError]);
  return isSilent(fault)
    ? failed(504, 'embedding_timeout', errors, [cacheError])
    : failed(502, 'embedding_unavailable', errors, [cacheError]);
}

/** The vector store (Qdrant): as the embedding endpoint, but every fault is `vectordb_unavailable`, and enforce mode is unready. */
function vectordb(configuration: Configuration): Expected {
  const cacheError = { event_type: 'cache.error', outcome: 'failed', cache_type: 'semantic', attributes: { step: 'search' } };
  const search = counted('gw_cache_errors_total', { layer: 'semantic', operation: 'search' });
  // After a failed search the answer is not stored: the request waits for the store once, not twice.
  const noStore = counted('gw_cache_errors_total', { layer: 'semantic', operation: 'store' }, 0);
  if (configuration.mode === 'observe') {
    return served([search, noStore, counted('gw_evaluation_errors_total', { layer: 'semantic' })], [cacheError]);
  }
  if (configuration.failOpen === true) return served([search, noStore], [cacheError], false);
  return failed(502, 'vectordb_unavailable', [search], [cacheError], false);
}

const GUARD_EVENTS = {
  security: 'security.request_scan',
  privacy: 'privacy.scan',
  usage: 'usage.failed',
} as const;

/** A guard module: guard_fail_open decides, in observe mode too (guards keep their own configuration). */
function guard(kind: 'security' | 'privacy' | 'usage', fault: FaultName, configuration: Configuration): Expected {
  const failure = isSilent(fault) ? 'timeout' : 'unavailable';
  const code = `${kind}_guard_${failure}`;
  const open = configuration.failOpen === true;
  const observed = configuration.mode === 'observe' ? { enforcement_mode: 'observe' } : {};
  const event = {
    event_type: GUARD_EVENTS[kind],
    outcome: 'failed',
    action: open ? 'fail_open' : 'fail_closed',
    reason_code: code.toUpperCase(),
    attributes: observed,
  };
  const decisions = counted('gw_guard_requests_total', {
    guard: kind,
    stage: 'request',
    outcome: open ? 'failed_open' : 'failed_closed',
  });
  if (!open) return failed(isSilent(fault) ? 504 : 502, code, [decisions], [event]);
  // The security guard scans the answer too, and fails open there as well.
  const answerScan =
    kind === 'security' ? [counted('gw_guard_requests_total', { guard: kind, stage: 'response', outcome: 'failed_open' })] : [];
  return served([decisions, ...answerScan], [event]);
}

/**
 * The audit module: delivery never fails or delays a request; the batch is retried until the module is back,
 * then every event is stored once. The trace's events are checked in the module itself.
 */
function audit(): Expected {
  return served([counted('gw_audit_retries_total', {}, 1, true)], [{ event_type: 'request.received', outcome: 'started' }]);
}

const BOTH_MODES: readonly Configuration[] = [{ mode: 'enforce' }, { mode: 'observe' }];
const FAIL_OPEN_OR_CLOSED: readonly Configuration[] = [
  { mode: 'enforce', failOpen: true },
  { mode: 'enforce', failOpen: false },
  { mode: 'observe', failOpen: false },
];
const GUARD_CONFIGURATIONS: readonly Configuration[] = [
  { mode: 'enforce', failOpen: false },
  { mode: 'enforce', failOpen: true },
  { mode: 'observe', failOpen: false },
  { mode: 'observe', failOpen: true },
];

const CONFIGURATIONS: Readonly<Record<Dependency, readonly Configuration[]>> = {
  upstream: [...BOTH_MODES, { mode: 'enforce', stream: true }],
  kv: BOTH_MODES,
  embedding: FAIL_OPEN_OR_CLOSED,
  vectordb: FAIL_OPEN_OR_CLOSED,
  security_guard: GUARD_CONFIGURATIONS,
  privacy_guard: GUARD_CONFIGURATIONS,
  usage_guard: GUARD_CONFIGURATIONS,
  audit: [{ mode: 'enforce' }],
};

function expected(dependency: Dependency, fault: FaultName, configuration: Configuration): Expected {
  switch (dependency) {
    case 'upstream':
      return upstream(fault, configuration);
    case 'kv':
      return kv(configuration);
    case 'embedding':
      return embedding(fault, configuration);
    case 'vectordb':
      return vectordb(configuration);
    case 'security_guard':
      return guard('security', fault, configuration);
    case 'privacy_guard':
      return guard('privacy', fault, configuration);
    case 'usage_guard':
      return guard('usage', fault, configuration);
    case 'audit':
      return audit();
  }
}

export const FAULT_NAMES = Object.keys(FAULTS) as readonly FaultName[];

/** The configurations a dependency is tried in. */
export const configurationsOf = (dependency: Dependency): readonly Configuration[] => CONFIGURATIONS[dependency];

/** The rows of one dependency and fault, one per configuration. */
export function rowsOf(dependency: Dependency, fault: FaultName): FaultCase[] {
  return CONFIGURATIONS[dependency].map((configuration) => ({
    dependency,
    fault,
    configuration,
    expected: expected(dependency, fault, configuration),
  }));
}

/** `enforce, fail-open` as a title reads it. */
export function configurationName(configuration: Configuration): string {
  const parts: string[] = [configuration.mode];
  if (configuration.failOpen !== undefined) parts.push(`fail-${configuration.failOpen ? 'open' : 'closed'}`);
  if (configuration.stream === true) parts.push('streamed');
  return parts.join(', ');
}

/** `504 upstream_timeout`, or `200` for a request served despite the fault; `unready` when /readyz drops. */
export function expectedName(expected: Expected): string {
  const answer = expected.code === undefined ? String(expected.status) : `${expected.status} ${expected.code}`;
  return expected.ready ? answer : `${answer}, unready`;
}

/** What one fault does across configurations: `504 upstream_timeout`, or each outcome with its configurations. */
export function rowsName(rows: readonly FaultCase[]): string {
  const byOutcome = new Map<string, Set<string>>();
  for (const row of rows) {
    const name = expectedName(row.expected);
    byOutcome.set(name, (byOutcome.get(name) ?? new Set()).add(configurationName(row.configuration)));
  }
  if (byOutcome.size === 1) return [...byOutcome.keys()][0]!;
  return [...byOutcome].map(([outcome, configurations]) => `${outcome} (${[...configurations].join('; ')})`).join(' · ');
}
