/** One request's state as it travels through the hooks. */
import { randomUUID } from 'node:crypto';
import type { CachedResponse, ChatRequest, ModelResponse, Usage } from './chat.js';
import type { GatewayError } from './errors.js';
import type { SlotKey } from './slot.js';
import type { Verdict } from './verdict.js';
import { deepFreeze } from './deep-freeze.js';

export type Mode = 'enforce' | 'observe';

/** What the cache layers decided for this request. */
export interface CacheOutcome {
  status: 'none' | 'miss' | 'hit' | 'bypass';
  /** The layer that hit (`exact`, `semantic`), or would have hit in observe mode. */
  layer?: string;
  similarity?: number;
  /** Observe mode: a layer would have answered, but the request went upstream. */
  wouldHit?: boolean;
}

/** Cost accounting in micro-USD (1e-6 USD). */
export interface CostOutcome {
  /** Estimated cost of the upstream call this request made (0 on a hit). */
  requestMicroUsd: number;
  /** Estimated upstream cost avoided by a cache hit. */
  grossSavedMicroUsd: number;
  /** Cost of work done to look up caches (embeddings). */
  overheadMicroUsd: number;
}

/**
 * Where an exchange learns that its client left. A host can pass one instead of an AbortSignal to
 * make the signal only when a plugin asks for it (`ClientAbort`).
 */
export interface AbortSource {
  /** Whether the client left; reading it must not create the signal. */
  readonly aborted: boolean;
  readonly signal: AbortSignal;
}

export interface ExchangeInit {
  request: ChatRequest;
  mode?: Mode;
  tenant?: string;
  traceId?: string;
  /** Lower-case request headers, for plugins that read e.g. a bypass header. */
  headers?: Readonly<Record<string, string | undefined>>;
  /** Aborted when the client goes away. */
  signal?: AbortSignal | AbortSource;
}

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

export class Exchange {
  readonly traceId: string;
  readonly mode: Mode;
  tenant: string;
  /** The request exactly as the client sent it (deep-frozen: a guard that rewrites assigns a new `request`). */
  readonly original: Readonly<ChatRequest>;
  /** The request as guards rewrote it; this is what caches key on and the upstream receives. Starts as `original`. */
  request: ChatRequest;
  readonly headers: Readonly<Record<string, string | undefined>>;
  response: ModelResponse | undefined;
  /** A cached response that answered (enforce) or would have answered (observe). */
  cached: CachedResponse | undefined;
  verdict: Verdict | undefined;
  error: GatewayError | undefined;
  cache: CacheOutcome = { status: 'none' };
  /** Skip cache lookup and store (bypass header). */
  bypassCache = false;
  usage: Usage | undefined;
  readonly cost: CostOutcome = { requestMicroUsd: 0, grossSavedMicroUsd: 0, overheadMicroUsd: 0 };
  /** Milliseconds since the start of the exchange, per named step. */
  readonly timings: Record<string, number> = {};
  readonly startedAt = performance.now();
  readonly #slots = new Map<SlotKey<unknown>, unknown>();
  readonly #abort: AbortSource;

  constructor(init: ExchangeInit) {
    this.traceId = init.traceId ?? randomUUID();
    this.mode = init.mode ?? 'enforce';
    this.tenant = init.tenant ?? 'default';
    this.original = deepFreeze(init.request);
    this.request = this.original;
    this.headers = init.headers ?? {};
    const signal = init.signal;
    this.#abort = signal === undefined ? new NoClient() : signal instanceof AbortSignal ? new GivenSignal(signal) : signal;
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

  /** Records when a named step finished, in ms since the exchange began. */
  mark(step: string): void {
    this.timings[step] = performance.now() - this.startedAt;
  }

  get elapsedMs(): number {
    return performance.now() - this.startedAt;
  }
}
