/**
 * Enforces the limits of client keys and tenants: requests and tokens per minute, requests at once, and
 * spend budgets per calendar day or month. Checked before any guard or cache; tokens and spend are
 * added once the request settles.
 */
import { randomUUID } from 'node:crypto';
import { callerOf, type CallerLimits } from '@sluice/caller';
import {
  createSlot,
  GatewayError,
  PluginOptionsError,
  Stage,
  validateOptions,
  type DependencyHealth,
  type Exchange,
  type Kernel,
  type Plugin,
} from '@sluice/core';
import { maskUrl } from '@sluice/util';
import { admit, type Admission, type ScopedLimits } from './admission.js';
import { CLIENT_LIMITS_ERRORS } from './errors.js';
import { LeaseKeeper } from './lease-keeper.js';
import { limitMetrics, type LimitMetrics, type StoreOperation } from './limit-metrics.js';
import { unreachableLimitStore, type LimitStore } from './limit-store.js';
import { memoryLimitStore } from './memory-limit-store.js';
import {
  ClientLimitsOptionsSchema,
  repeatedTenantIndex,
  repeatedTenantMessage,
  type ClientLimitsOptions,
  type ClientLimitsOptionsInput,
} from './options.js';
import { setRateLimitHeaders } from './rate-limit-headers.js';
import { redisLimitStore } from './redis-limit-store.js';
import { limitError, type ReachedLimit } from './rejection.js';
import { settledAdditions } from './settlement.js';

const PLUGIN_NAME = 'client-limits';
/** After the client-keys tap (ADMISSION - 100) admits the caller, before every guard and cache. */
const LIMITS_STAGE = Stage.ADMISSION - 50;

interface LimitsState {
  scopes: readonly ScopedLimits[];
  /** Names this request's slots; the trace id may come from the client, so it is not used. */
  lease: string;
  admission: Admission | undefined;
  settled: boolean;
}

const STATE = createSlot<LimitsState>(PLUGIN_NAME, () => ({ scopes: [], lease: '', admission: undefined, settled: false }));

/**
 * What a test or an embedding host may replace: the clock windows and leases are read against.
 * @example
 * const plugin = new ClientLimitsPlugin({}, { now: () => Date.UTC(2026, 10, 26, 23, 59, 30) });
 */
export interface ClientLimitsRuntime {
  readonly now?: () => number;
}

/**
 * @example
 * kernel.use(new ClientLimitsPlugin({ tenantLimits: [{ tenant: 'acme', limits: { requestsPerMinute: 600, budget: { microUsd: 50_000_000, period: 'month' } } }] }));
 */
export class ClientLimitsPlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  readonly errors = CLIENT_LIMITS_ERRORS;
  readonly options: Readonly<ClientLimitsOptions>;
  readonly #tenants: ReadonlyMap<string, CallerLimits>;
  readonly #now: () => number;
  readonly #leases: LeaseKeeper;
  readonly #pending = new Set<Promise<void>>();
  #store: LimitStore | undefined;
  /** The store stands in for a Redis unreachable at start (fail-open), until restart. */
  #standIn = false;
  /** The store being opened, or opened; undefined until the first need. */
  #opening: Promise<LimitStore> | undefined;
  #started = false;
  #kernel: Kernel | undefined;
  #metrics: LimitMetrics | undefined;

  constructor(options: ClientLimitsOptionsInput = {}, runtime: ClientLimitsRuntime = {}) {
    this.options = validateOptions(PLUGIN_NAME, ClientLimitsOptionsSchema, options);
    const repeated = repeatedTenantIndex(this.options.tenantLimits);
    if (repeated !== undefined) {
      const tenant = this.options.tenantLimits[repeated]!.tenant;
      throw new PluginOptionsError(PLUGIN_NAME, [
        { path: `tenantLimits.${repeated}.tenant`, message: repeatedTenantMessage(tenant) },
      ]);
    }
    this.#tenants = new Map(this.options.tenantLimits.map(({ tenant, limits }) => [tenant, limits]));
    this.#now = runtime.now ?? Date.now;
    this.#leases = new LeaseKeeper(
      () => this.#store,
      this.#now,
      this.options.leaseSeconds * 1000,
      (error) => this.#fault('renew', error),
    );
  }

  apply(kernel: Kernel): void {
    this.#kernel = kernel;
    this.#metrics = limitMetrics(kernel);
    kernel.hooks.preGuard.tapPromise({ name: PLUGIN_NAME, stage: LIMITS_STAGE }, (exchange) => this.#check(exchange));
    kernel.hooks.respond.tap(PLUGIN_NAME, (exchange) => this.#settle(exchange));
  }

  async start(): Promise<void> {
    if (this.#started) return;
    // With only keys' limits possible (none of the tenants'), a gateway whose keys carry none never
    // opens, or waits on, a counter store: it opens on the first request that has a limit.
    if (this.options.kvUrl === undefined || this.#tenantLimitsSet()) await this.#openStore();
    this.#leases.start();
    this.#started = true;
  }

  #tenantLimitsSet(): boolean {
    return this.#tenants.size > 0 || this.options.defaultTenantLimits !== undefined;
  }

  /** Opens the counter store once, however many requests ask for it at once. */
  #openStore(): Promise<LimitStore> {
    this.#opening ??= this.#connect().then((store) => (this.#store = store));
    return this.#opening;
  }

  async #connect(): Promise<LimitStore> {
    const url = this.options.kvUrl;
    if (url === undefined) return memoryLimitStore(this.#now);
    const logger = this.#kernel?.logger;
    const timeoutMs = Math.round(this.options.timeoutSeconds * 1000);
    try {
      return await redisLimitStore({
        url,
        keyPrefix: this.options.keyPrefix,
        timeoutMs,
        connectTimeoutMs: Math.max(2000, timeoutMs * 4),
        ...(logger === undefined ? {} : { logger }),
      });
    } catch (error) {
      const reason = maskUrl((error as Error).message);
      if (!this.options.failOpen) {
        // Asked for again by the next request, rather than remembered as down.
        this.#opening = undefined;
        throw new Error(`limits_kv: ${reason}`, { cause: error });
      }
      logger?.error(
        { dependency: 'limits_kv', url: maskUrl(url), reason },
        'client limits not enforced until restart: the store is unreachable (limits_fail_open on)',
      );
      this.#standIn = true;
      return unreachableLimitStore(reason);
    }
  }

  async stop(): Promise<void> {
    this.#leases.stop();
    await this.idle();
    // A store still being opened for a request is closed with the rest.
    await this.#opening?.catch(() => undefined);
    const store = this.#store;
    this.#store = undefined;
    this.#opening = undefined;
    this.#started = false;
    await store?.close();
  }

  /**
   * Resolves once every release and addition of settled requests has reached the store (stop waits for it).
   * @example
   * await plugin.idle(); // the spend of the last answer is now counted
   */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  health(): readonly DependencyHealth[] {
    // Not yet needed (no tenant limits, and no key with limits asked yet): nothing to report.
    if (this.options.kvUrl === undefined || (this.#opening === undefined && !this.#tenantLimitsSet())) return [];
    const initialised = this.#store !== undefined && !this.#standIn;
    const state = this.#store?.state() ?? { up: false, reason: 'not started' };
    // Failing open, a down store costs limits, not answers: the instance keeps taking traffic.
    return [{ name: 'limits_kv', readinessRequired: !this.options.failOpen, initialised, ...state }];
  }

  /** The limits that apply: the caller's key's own, and its tenant's (or the default tenant limits). */
  #scopesOf(exchange: Exchange): ScopedLimits[] {
    const scopes: ScopedLimits[] = [];
    const caller = callerOf(exchange);
    if (caller !== undefined && hasLimits(caller.limits)) scopes.push({ scope: 'key', id: caller.keyId, limits: caller.limits });
    const tenant = this.#tenants.get(exchange.tenant) ?? this.options.defaultTenantLimits?.limits;
    if (tenant !== undefined && hasLimits(tenant)) scopes.push({ scope: 'tenant', id: exchange.tenant, limits: tenant });
    return scopes;
  }

  async #check(exchange: Exchange): Promise<undefined> {
    const scopes = this.#scopesOf(exchange);
    if (scopes.length === 0) return undefined;
    if (!this.#started) throw new Error(`${PLUGIN_NAME} is not started; call kernel.start() first`);
    const state = exchange.slot(STATE);
    const admission: Admission = { leases: [] };
    state.scopes = scopes;
    state.lease = randomUUID();
    state.admission = admission;
    let reached: ReachedLimit | undefined;
    try {
      const store = this.#store ?? (await this.#openStore());
      reached = await admit(store, scopes, this.#now(), state.lease, this.options.leaseSeconds * 1000, admission);
    } catch (error) {
      this.#fault('check', error, exchange);
      const failOpen = this.options.failOpen;
      this.#kernel?.evidence(
        exchange,
        { source: 'gateway', category: 'policy', event_type: 'limit.unavailable', outcome: failOpen ? 'allowed' : 'failed' },
        { decision: { action: failOpen ? 'allow' : 'fail', reason_code: 'LIMITS_UNAVAILABLE' } },
      );
      if (failOpen) return undefined;
      throw new GatewayError(CLIENT_LIMITS_ERRORS.limits_unavailable.code, { cause: error });
    } finally {
      this.#leases.hold(state.lease, admission.leases);
    }
    setRateLimitHeaders(exchange, admission);
    if (reached !== undefined) this.#reject(exchange, reached);
    return undefined;
  }

  #reject(exchange: Exchange, reached: ReachedLimit): never {
    this.#metrics?.rejected(reached.scope, reached.limit);
    this.#kernel?.evidence(
      exchange,
      { source: 'gateway', category: 'policy', event_type: 'limit.rejected', outcome: 'blocked' },
      () => ({
        policy: { policy_id: PLUGIN_NAME, policy_type: 'client_limits' },
        decision: {
          action: 'reject',
          reason_code: reached.limit === 'budget' ? 'INSUFFICIENT_QUOTA' : 'RATE_LIMIT_EXCEEDED',
          rule_id: `${reached.scope}.${reached.limit}`,
        },
        attributes: {
          limit_scope: reached.scope,
          limit_kind: reached.limit,
          limit_value: reached.value,
          limit_used: reached.used,
          retry_after_seconds: reached.retryAfterSeconds,
          ...(reached.period === undefined ? {} : { budget_period: reached.period }),
        },
      }),
    );
    throw limitError(reached);
  }

  /** Once per exchange: let its slots go, then add its tokens and spend. Never throws (a sync hook). */
  #settle(exchange: Exchange): void {
    const state = exchange.slot(STATE);
    if (state.admission === undefined || state.settled) return;
    state.settled = true;
    this.#leases.drop(state.lease);
    const store = this.#store;
    if (store === undefined) return;
    for (const { key, lease } of state.admission.leases) this.#track(store.release(key, lease), 'release', exchange);
    for (const addition of settledAdditions(exchange, state.scopes, this.#now())) {
      this.#track(store.add(addition.key, addition.amount, addition.ttlMs), 'record', exchange);
      if (addition.spendOf !== undefined) this.#metrics?.spent(addition.spendOf, addition.amount);
    }
  }

  #track(operation: Promise<unknown>, name: StoreOperation, exchange: Exchange): void {
    const done: Promise<void> = operation.then(
      () => undefined,
      (error: unknown) => this.#fault(name, error, exchange),
    );
    this.#pending.add(done);
    void done.finally(() => this.#pending.delete(done));
  }

  #fault(operation: StoreOperation, error: unknown, exchange?: Exchange): void {
    this.#metrics?.storeError(operation);
    this.#kernel?.logger.warn(
      {
        dependency: 'limits_kv',
        operation,
        trace_id: exchange?.traceId,
        reason: maskUrl((error as Error).message ?? String(error)),
      },
      operation === 'check' && this.options.failOpen
        ? 'client limits unavailable; request let through (limits_fail_open on)'
        : 'client limit store operation failed',
    );
  }
}

function hasLimits(limits: CallerLimits): boolean {
  return (
    limits.requestsPerMinute !== undefined ||
    limits.tokensPerMinute !== undefined ||
    limits.concurrentRequests !== undefined ||
    limits.budget !== undefined
  );
}
