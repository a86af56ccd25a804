/** The kernel: plugins tap its hooks, and `run` drives one exchange through them. */
import { pino, type Logger } from 'pino';
import { blockError, refusalCompletion } from './block-response.js';
import type { ModelResponse } from './chat.js';
import { GatewayError, KERNEL_ERRORS, registeredError, toGatewayError, type ErrorTable, type RegisteredError } from './errors.js';
import { evidenceEvent } from './evidence/build-event.js';
import type { EvidenceDetails, EvidenceEvent, EvidenceHead } from './evidence/event.js';
import { logEvidence } from './evidence/log-sink.js';
import { boundEvidenceEvent } from './evidence/bounds.js';
import type { Exchange, Mode } from './exchange.js';
import { createHooks, type Hooks } from './hooks.js';
import { kernelMetrics, type KernelMetrics } from './kernel-metrics.js';
import { Metrics } from './metrics.js';
import type { Route, RouteReply, RouteRequest } from './route.js';

const KERNEL = 'kernel';
const RECEIVED: EvidenceHead = Object.freeze({
  source: 'gateway',
  category: 'request',
  event_type: 'request.received',
  outcome: 'started',
});
const COMPLETED: EvidenceHead = Object.freeze({
  source: 'gateway',
  category: 'request',
  event_type: 'request.completed',
  outcome: 'completed',
});
const FAILED: EvidenceHead = Object.freeze({
  source: 'gateway',
  category: 'request',
  event_type: 'request.failed',
  outcome: 'failed',
});

/**
 * What a kernel is built with. Give kernels that replace each other (a reload) one shared `Metrics`
 * so counters carry on; a logger quieter than `info` also leaves out the evidence log lines.
 * @example
 * const kernel = new Kernel({ mode: 'observe', logger: pino({ level: 'warn' }), metrics: new Metrics() });
 */
export interface KernelOptions {
  /** `enforce` serves cache hits; `observe` only measures them. Default `enforce`. */
  mode?: Mode;
  /** Default a new pino logger on stdout. */
  logger?: Logger;
  /** Default a new registry of its own. */
  metrics?: Metrics;
  /** Write each evidence event as a log line (default on). */
  logEvidence?: boolean;
}

/**
 * The pipeline: plugins tap its `hooks` when `use` applies them, `start` and `stop` open and close
 * their resources, `run` drives one exchange through the hooks; a host (`@sluice/host`) serves it over HTTP.
 * Add plugins before `start`, and before the host is made: it serves the routes declared by then.
 * @example
 * const kernel = new Kernel({ mode: 'enforce' });
 * kernel.use(new OpenAIUpstreamPlugin({ baseUrl: 'https://api.openai.com/v1' }));
 * await kernel.start();
 * await kernel.run(new Exchange({ request }));
 */
export class Kernel {
  /** The hook points plugins tap in `apply`. */
  readonly hooks: Hooks = createHooks();
  /** A host gives it to each exchange it makes (`new Exchange({ request, mode: kernel.mode })`). */
  readonly mode: Mode;
  /** For plugins' own log lines; no prompt or answer text goes in them. */
  readonly logger: Logger;
  /** Where plugins get or create their metrics. */
  readonly metrics: Metrics;
  readonly #plugins: Plugin[] = [];
  readonly #routes: Route[] = [];
  readonly #started: Plugin[] = [];
  readonly #counters: KernelMetrics;

  constructor(options: KernelOptions = {}) {
    this.mode = options.mode ?? 'enforce';
    this.logger = options.logger ?? pino();
    this.metrics = options.metrics ?? new Metrics();
    this.#counters = kernelMetrics(this.metrics);
    // The log sink is tapped only when its lines would be written, so a quiet logger costs nothing.
    if (options.logEvidence !== false && this.logger.isLevelEnabled('info')) {
      this.hooks.evidence.tap(KERNEL, (event) => logEvidence(this.logger, event));
    }
  }

  /** The plugins added, in order. */
  get plugins(): readonly Plugin[] {
    return this.#plugins;
  }

  /** The extra routes plugins declared. */
  get routes(): readonly Route[] {
    return this.#routes;
  }

  /**
   * Every error code this kernel may answer with: its own, then each plugin's declared `errors`
   * (the host's and the libraries' codes are theirs to list).
   */
  get errors(): readonly RegisteredError[] {
    const tables = [KERNEL_ERRORS, ...this.#plugins.map((plugin) => plugin.errors ?? {})];
    return [...new Set(tables.flatMap((table) => Object.values(table)))];
  }

  /**
   * Adds a plugin and lets it tap the hooks. Rejects a nameless, duplicate or unsatisfied plugin, and
   * one that declares an error code not registered as it declares it.
   */
  use(plugin: Plugin): this {
    if (plugin === null || typeof plugin !== 'object' || typeof plugin.apply !== 'function') {
      throw new TypeError('kernel.use() takes a plugin object with an apply(kernel) method');
    }
    if (typeof plugin.name !== 'string' || plugin.name.trim() === '') {
      throw new TypeError('kernel.use(): a plugin must have a non-empty name');
    }
    if (this.#plugins.some((p) => p.name === plugin.name)) {
      throw new Error(`kernel.use(): a plugin named "${plugin.name}" is already in use`);
    }
    for (const dependency of plugin.dependencies ?? []) {
      if (!this.#plugins.some((p) => p.name === dependency)) {
        throw new Error(`kernel.use(): plugin "${plugin.name}" needs plugin "${dependency}", which must be added first`);
      }
    }
    for (const [code, declared] of Object.entries(plugin.errors ?? {})) {
      if (registeredError(code) !== declared) {
        throw new Error(
          `kernel.use(): plugin "${plugin.name}" declares error code "${code}", which defineErrors did not register`,
        );
      }
    }
    plugin.apply(this);
    this.#plugins.push(plugin);
    return this;
  }

  /**
   * Answers one call to an extra route: the `routeAdmission` taps first (a throw refuses it), then the
   * route. Hosts call this rather than `route.handle`.
   */
  async serveRoute(route: Route, request: RouteRequest): Promise<RouteReply> {
    if (this.hooks.routeAdmission.taps.length > 0) await this.hooks.routeAdmission.promise(request, route);
    return route.handle(request);
  }

  /** Serves an extra route next to chat completions. Called from a plugin's `apply`. */
  route(route: Route): this {
    if (this.#routes.some((r) => r.method === route.method && r.path === route.path)) {
      throw new Error(`route ${route.method} ${route.path} is already served`);
    }
    this.#routes.push(route);
    return this;
  }

  /** Starts plugin resources in order; on a failure stops those already started and names the plugin. */
  async start(): Promise<void> {
    for (const plugin of this.#plugins) {
      if (this.#started.includes(plugin)) continue;
      try {
        await plugin.start?.();
        this.#started.push(plugin);
      } catch (error) {
        await this.stop().catch(() => undefined);
        throw new Error(`plugin "${plugin.name}" failed to start: ${(error as Error).message}`, { cause: error });
      }
    }
  }

  /** Stops plugin resources in reverse order; every plugin is asked even if one fails. */
  async stop(): Promise<void> {
    const failures: string[] = [];
    for (const plugin of this.#started.splice(0).reverse()) {
      try {
        await plugin.stop?.();
      } catch (error) {
        failures.push(`${plugin.name}: ${(error as Error).message}`);
      }
    }
    if (failures.length > 0) throw new Error(`plugins failed to stop: ${failures.join('; ')}`);
  }

  /**
   * Emits an evidence event; a failing sink is logged, never thrown into the request. An event built
   * elsewhere than `evidenceEvent` is bounded here too, so every sink sees events an audit module accepts.
   */
  emit(event: EvidenceEvent): void {
    try {
      this.hooks.evidence.call(boundEvidenceEvent(event));
    } catch (error) {
      this.logger.error({ err: error, event_type: event.event_type }, 'evidence sink failed');
    }
  }

  /**
   * Builds and emits an event for an exchange. `details` may be a function, called only when a sink
   * is tapped, so a request pays nothing for parts of events nobody records.
   */
  evidence(exchange: Exchange, head: EvidenceHead, lazyDetails: EvidenceDetails | (() => EvidenceDetails) = {}): void {
    if (this.hooks.evidence.taps.length === 0) return;
    const details = typeof lazyDetails === 'function' ? lazyDetails() : lazyDetails;
    const attributes = exchange.mode === 'observe' ? { enforcement_mode: 'observe', ...details.attributes } : details.attributes;
    this.emit(
      evidenceEvent(exchange.traceId, head, {
        actor:
          exchange.application === undefined
            ? { tenant_id: exchange.tenant }
            : { tenant_id: exchange.tenant, application_id: exchange.application },
        ...details,
        ...(attributes ? { attributes } : {}),
      }),
    );
  }

  /**
   * Drives one exchange through the hooks. Never throws: the outcome is `exchange.response` or
   * `exchange.error`, and exactly one `request.completed` or `request.failed` is emitted.
   */
  async run(exchange: Exchange): Promise<void> {
    this.#counters.requests.inc();
    this.evidence(exchange, RECEIVED, () => ({ upstream: { model: exchange.request.model } }));
    try {
      exchange.response = await this.#flow(exchange);
      if (exchange.aborted) throw new GatewayError('client_closed_request');
      this.#completed(exchange);
    } catch (error) {
      // Whatever a tap threw once the client left, the cause is the client leaving.
      const failure = exchange.aborted ? new GatewayError('client_closed_request', { cause: error }) : toGatewayError(error);
      this.#failed(exchange, failure, error);
    }
    this.#respond(exchange);
  }

  /** Ends an exchange that failed before it could run (e.g. a malformed body), with the same events. */
  reject(exchange: Exchange, error: GatewayError): void {
    this.#counters.requests.inc();
    this.evidence(exchange, RECEIVED);
    this.#failed(exchange, error, error);
    this.#respond(exchange);
  }

  /** The outcome is settled and evidenced: a header tap that throws is a bug to log, not a new outcome. */
  #respond(exchange: Exchange): void {
    if (this.hooks.respond.taps.length === 0) return;
    try {
      this.hooks.respond.call(exchange);
    } catch (error) {
      this.logger.error({ err: error, trace_id: exchange.traceId }, 'respond tap failed');
    }
  }

  async #flow(exchange: Exchange): Promise<ModelResponse> {
    const verdict = await this.hooks.preGuard.promise(exchange);
    exchange.mark('guards');
    if (verdict !== undefined) return this.#block(exchange, verdict);

    const fresh = await this.#lookupOrForward(exchange);
    const scanned = fresh ?? exchange.cached;
    if (scanned === undefined) throw new GatewayError('upstream_unavailable');

    const scan = await this.hooks.postScan.promise(exchange, scanned);
    exchange.mark('post_scan');
    if (scan !== undefined) return this.#block(exchange, scan);
    if (fresh !== undefined && !exchange.bypassCache && fresh.status === 200) {
      await this.hooks.cacheStore.promise(exchange, fresh);
      exchange.mark('cache_store');
    }
    const restored = await this.hooks.restore.promise(scanned, exchange);
    exchange.mark('restore');
    return restored;
  }

  /** Returns the fresh upstream response, or undefined when a cache answered (`exchange.cached`). */
  async #lookupOrForward(exchange: Exchange): Promise<ModelResponse | undefined> {
    const hasCache = this.hooks.cacheLookup.taps.length > 0;
    if (exchange.bypassCache) {
      exchange.cache = { status: 'bypass' };
    } else if (hasCache) {
      const hit = await this.hooks.cacheLookup.promise(exchange);
      exchange.mark('cache_lookup');
      if (hit !== undefined && exchange.mode === 'enforce') {
        exchange.cached = hit;
        exchange.cache = { status: 'hit', layer: hit.layer };
        return undefined;
      }
      exchange.cache = hit === undefined ? { status: 'miss' } : { status: 'miss', layer: hit.layer, wouldHit: true };
      if (hit !== undefined) exchange.cached = hit;
      if (exchange.mode === 'enforce') this.#counters.misses.inc();
    }
    const response = await this.hooks.upstream.promise(exchange);
    exchange.mark('upstream');
    if (response === undefined) throw new GatewayError('upstream_unavailable');
    return response;
  }

  #block(exchange: Exchange, verdict: NonNullable<Exchange['verdict']>): ModelResponse {
    exchange.verdict = verdict;
    // A refusal completion is a text answer: an endpoint answering with something else gets the block's error.
    if (verdict.respond === 'completion' && exchange.textAnswer) return refusalCompletion(exchange.request);
    throw blockError(verdict);
  }

  #completed(exchange: Exchange): void {
    const path = deliveryPath(exchange);
    const elapsedMs = exchange.elapsedMs;
    this.#counters.duration.observe({ delivery_path: path }, elapsedMs / 1000);
    this.evidence(exchange, COMPLETED, () => ({
      attributes: { delivery_path: path, duration_ms: Math.round(elapsedMs) },
      committed_to_client: true,
    }));
  }

  #failed(exchange: Exchange, error: GatewayError, original: unknown): void {
    exchange.error = error;
    exchange.response = undefined;
    this.#counters.errors.inc({ class: error.code });
    this.#counters.duration.observe({ delivery_path: 'failed' }, exchange.elapsedMs / 1000);
    if (error.code === 'internal_error') this.logger.error({ err: original, trace_id: exchange.traceId }, 'request failed');
    this.evidence(exchange, FAILED, () => ({
      decision: {
        action: exchange.verdict ? 'block' : 'fail',
        reason_code: error.code.toUpperCase(),
        rule_id: error.ruleId,
      },
      attributes: { error_class: error.code, http_status: error.passthrough?.status ?? error.status },
    }));
  }
}

function deliveryPath(exchange: Exchange): string {
  if (exchange.verdict !== undefined) return 'blocked_completion';
  if (exchange.cache.status === 'hit') return `${exchange.cache.layer ?? 'unknown'}_cache`;
  return 'upstream';
}

/**
 * A feature of the gateway. `apply` only taps hooks (no I/O); resources are opened in `start`
 * and closed in `stop`, which the kernel calls in the order plugins were added (stop in reverse).
 * @example
 * class HelloPlugin implements Plugin {
 *   readonly name = 'hello';
 *   apply(kernel: Kernel) {
 *     kernel.hooks.preGuard.tapPromise({ name: this.name, stage: Stage.USAGE }, async () => undefined);
 *   }
 * }
 */
export interface Plugin {
  readonly name: string;
  /** Names of plugins that must be added before this one. */
  readonly dependencies?: readonly string[];
  /** The error codes this plugin answers with besides the kernel's, as `defineErrors` returned them. */
  readonly errors?: ErrorTable;
  apply(kernel: Kernel): void;
  start?(): Promise<void>;
  stop?(): Promise<void>;
  /** State of the external dependencies this plugin talks to, for `/startupz` and `/readyz`. */
  health?(): readonly DependencyHealth[];
}

/**
 * One external dependency of a plugin, as the probes see it. Only readiness-required ones count:
 * `/startupz` waits until each is initialised, `/readyz` fails while one is down.
 * @example
 * class FaqCachePlugin implements Plugin {
 *   readonly name = 'faq-cache';
 *   #up = false;
 *   apply(): void {}
 *   health(): readonly DependencyHealth[] {
 *     const up = this.#up;
 *     return [{ name: 'kv', readinessRequired: true, initialised: true, up, ...(up ? {} : { reason: 'no reply to PING' }) }];
 *   }
 * }
 */
export interface DependencyHealth {
  /** e.g. `kv`, or the name of a store or a remote module. */
  readonly name: string;
  /** Whether the instance should stop taking traffic while this dependency is down. */
  readonly readinessRequired: boolean;
  /** It was initialised in this process (false: a no-op stand-in is installed until restart). */
  readonly initialised: boolean;
  /** It answers now. */
  readonly up: boolean;
  /** Why it is down or not initialised; never a secret. */
  readonly reason?: string;
}
