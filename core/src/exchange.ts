/** One request's state as it travels through the hooks. */
import { randomUUID } from 'node:crypto';
import type { CachedResponse, ChatRequest, ModelResponse, Usage } from './chat.js';
import type { GatewayError } from './errors.js';
import { CHAT_COMPLETIONS, type Endpoint } from './endpoint.js';
import type { SlotKey } from './slot.js';
import type { Verdict } from './verdict.js';
import { deepFreeze } from './deep-freeze.js';
import { ResponseDelivery, type LiveStream } from './live-stream.js';

/**
 * How the caches act. `enforce` serves hits; `observe` only measures: a hit is recorded as a
 * would-hit in shadow state and the upstream answers. Guards follow their own configuration.
 * @example
 * const namespace = exchange.mode === 'observe' ? 'shadow' : 'live';
 */
export type Mode = 'enforce' | 'observe';

/**
 * What the kernel decided about the cache layers for this request (`exchange.cache`), after the
 * lookup; `none` when no cache is tapped. What a layer measured on its way (how near a match was) is
 * in that layer's own slot.
 * @example
 * const served = exchange.cache.status === 'hit' ? `hit-${exchange.cache.layer ?? 'unknown'}` : exchange.cache.status;
 */
export interface CacheOutcome {
  status: 'none' | 'miss' | 'hit' | 'bypass';
  /** The layer that hit (its CachedResponse's `layer`, e.g. `exact`), or would have hit in observe mode. */
  layer?: string;
  /** Observe mode: a layer would have answered, but the request went upstream. */
  wouldHit?: boolean;
}

/**
 * Where an exchange learns that its client left. A host can pass one instead of an AbortSignal to
 * make the signal only when a plugin asks for it (`ClientAbort`).
 * @example
 * import type { Socket } from 'node:net';
 *
 * class SocketAbort implements AbortSource {
 *   #controller: AbortController | undefined;
 *   constructor(readonly socket: Socket) {}
 *   get aborted(): boolean {
 *     return this.#controller?.signal.aborted ?? this.socket.destroyed;
 *   }
 *   get signal(): AbortSignal {
 *     if (this.#controller === undefined) {
 *       const controller = (this.#controller = new AbortController());
 *       if (this.socket.destroyed) controller.abort();
 *       else this.socket.once('close', () => controller.abort());
 *     }
 *     return this.#controller.signal;
 *   }
 * }
 */
export interface AbortSource {
  /** Whether the client left; reading it must not create the signal. */
  readonly aborted: boolean;
  readonly signal: AbortSignal;
}

/**
 * What a host knows when a request arrives; only the request is required.
 * @example
 * const init: ExchangeInit = { request, mode: kernel.mode, tenant: 'acme', signal: AbortSignal.timeout(60_000) };
 * await kernel.run(new Exchange(init));
 */
export interface ExchangeInit {
  request: ChatRequest;
  /** Default {@link CHAT_COMPLETIONS}; for another endpoint `request` is its chat-shaped view (see {@link Endpoint}). */
  endpoint?: Endpoint;
  /** Default true: the endpoint answers with text, so a refusal completion can stand in for its answer. */
  textAnswer?: boolean;
  /** Default `enforce`; a host passes `kernel.mode`. */
  mode?: Mode;
  /** Default `default`. */
  tenant?: string;
  /** Default none: who called within the tenant (e.g. a client key's id). */
  application?: string;
  /** Default a new UUID; answered in `x-sluice-trace-id`. */
  traceId?: string;
  /** Lower-case request headers, for plugins that read e.g. a bypass header. */
  headers?: Readonly<Record<string, string | undefined>>;
  /** Aborted when the client goes away. */
  signal?: AbortSignal | AbortSource;
  /** A streamed request's sink for chunks as they arrive (`exchange.liveStream`); none: the answer is sent whole. */
  liveStream?: LiveStream | undefined;
}

/** An HTTP token (RFC 9110): what a header name may be. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII, spaces and tabs: no line break can end the header early. */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** An exchange without a client connection is never aborted; its signal is made on first use. */
class NoClient implements AbortSource {
  #signal: AbortSignal | undefined;
  get aborted(): boolean {
    return this.#signal?.aborted ?? false;
  }
  get signal(): AbortSignal {
    return (this.#signal ??= new AbortController().signal);
  }
}

/** A plain AbortSignal as a source. */
class GivenSignal implements AbortSource {
  constructor(readonly signal: AbortSignal) {}
  get aborted(): boolean {
    return this.signal.aborted;
  }
}

/**
 * One request's state as it travels through the hooks: the request as sent and as guards rewrote it,
 * the response or error, the cache outcome, usage, timings, response headers, and each plugin's typed
 * slot (what a plugin measures, such as cost, lives there). A host
 * makes one per request with the kernel's mode; taps read and write it.
 * @example
 * const request = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] };
 * const exchange = new Exchange({ request, mode: kernel.mode, headers: { 'x-acme-app': 'helpdesk' } });
 * await kernel.run(exchange);
 * const status = exchange.error?.status ?? exchange.response?.status; // run never throws
 */
export class Exchange {
  readonly traceId: string;
  readonly mode: Mode;
  /** The model API the request came in on; `request` is its chat-shaped view. */
  readonly endpoint: Endpoint;
  /**
   * Whether the endpoint answers with text. A block configured to answer with a refusal completion answers
   * an endpoint that does not (numbers, say) with its error instead.
   */
  readonly textAnswer: boolean;
  /** Who the request is for; caches, quotas and evidence are kept per tenant. A tap may set it (e.g. from a token). */
  tenant: string;
  /**
   * Who called within the tenant, e.g. the id of the client key that authenticated the request; evidence
   * names it as `actor.application_id`. A tap may set it with the tenant. Never a secret.
   */
  application: string | undefined;
  /** The request exactly as the client sent it (deep-frozen: a guard that rewrites assigns a new `request`). */
  readonly original: Readonly<ChatRequest>;
  /** The request as guards rewrote it; this is what caches key on and the upstream receives. Starts as `original`. */
  request: ChatRequest;
  /** Lower-case request headers. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The answer once the run succeeded. */
  response: ModelResponse | undefined;
  /**
   * A cached response that answered (enforce) or would have answered (observe); on a miss, the part of the
   * request a layer answered (some inputs of a batch), so what it saved is counted.
   */
  cached: CachedResponse | undefined;
  /** The block that ended the request, if any. */
  verdict: Verdict | undefined;
  /** The failure once the run failed. */
  error: GatewayError | undefined;
  cache: CacheOutcome = { status: 'none' };
  /** Skip the cacheLookup and cacheStore hooks; a tap sets it before the lookup (e.g. from a request header). */
  bypassCache = false;
  /** Token usage the upstream reported for this request. */
  usage: Usage | undefined;
  /** Milliseconds since the start of the exchange, per named step. */
  readonly timings: Record<string, number> = {};
  /** `performance.now()` when the exchange was made; `timings` count from it. */
  readonly startedAt = performance.now();
  readonly #slots = new Map<SlotKey<unknown>, unknown>();
  readonly #abort: AbortSource;
  /** Made on the first header a tap sets: most requests carry none. */
  #responseHeaders: Record<string, string> | undefined;
  readonly #delivery: ResponseDelivery;

  constructor(init: ExchangeInit) {
    this.traceId = init.traceId ?? randomUUID();
    this.mode = init.mode ?? 'enforce';
    this.endpoint = init.endpoint ?? CHAT_COMPLETIONS;
    this.textAnswer = init.textAnswer ?? true;
    this.tenant = init.tenant ?? 'default';
    this.application = init.application;
    this.original = deepFreeze(init.request);
    this.request = this.original;
    this.headers = init.headers ?? {};
    const signal = init.signal;
    this.#abort = signal === undefined ? new NoClient() : signal instanceof AbortSignal ? new GivenSignal(signal) : signal;
    this.#delivery = new ResponseDelivery(init.liveStream);
  }

  /**
   * Declares, during `preGuard`, that the client must see none of the answer before it is whole (a
   * response scan, a restore): the answer is then sent once the kernel is done with it.
   * @example
   * if (this.options.scanResponses) exchange.holdResponse('security_response_scan');
   */
  holdResponse(reason: string): void {
    this.#delivery.hold(reason);
  }

  /** Why the answer is held whole (`holdResponse`), in order; empty when it may stream live. */
  get responseHolds(): readonly string[] {
    return this.#delivery.holds;
  }

  /** The host's live sink, when it offered one and no tap held the answer: an upstream tap writes chunks to it. */
  get liveStream(): LiveStream | undefined {
    return this.#delivery.live;
  }

  /** Whether any byte of the answer reached the client: from then on it can be neither retried nor replaced. */
  get committedToClient(): boolean {
    return this.#delivery.committed;
  }

  /** Aborted when the client goes away. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  /** `signal.aborted`, without making a signal nobody listens to. */
  get aborted(): boolean {
    return this.#abort.aborted;
  }

  /** The plugin's own typed state for this request, created on first use. */
  slot<T>(key: SlotKey<T>): T {
    if (!this.#slots.has(key)) this.#slots.set(key, key.init());
    return this.#slots.get(key) as T;
  }

  /**
   * Adds a header to the reply the client gets, success or error; the host writes it, but never in
   * place of its own (`content-type`, `x-sluice-trace-id`). The name is lower-cased; setting it again
   * replaces the value.
   * @example
   * exchange.setResponseHeader('x-acme-topic', 'billing');
   */
  setResponseHeader(name: string, value: string): void {
    if (!HEADER_NAME.test(name)) throw new TypeError(`setResponseHeader(): ${JSON.stringify(name)} is not a header name`);
    if (!HEADER_VALUE.test(value)) throw new TypeError(`setResponseHeader(): the value of ${name} is not a header value`);
    (this.#responseHeaders ??= {})[name.toLowerCase()] = value;
  }

  /** The headers taps set for the reply (`setResponseHeader`), by lower-case name. */
  get responseHeaders(): Readonly<Record<string, string>> {
    return this.#responseHeaders ?? NO_HEADERS;
  }

  /** Records when a named step finished, in ms since the exchange began. */
  mark(step: string): void {
    this.timings[step] = performance.now() - this.startedAt;
  }

  /** Milliseconds since the exchange began. */
  get elapsedMs(): number {
    return performance.now() - this.startedAt;
  }
}
