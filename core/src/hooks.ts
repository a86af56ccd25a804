/** The hook points of one request's life, in the order a request meets them. */
import { AsyncParallelHook, AsyncSeriesBailHook, AsyncSeriesHook, AsyncSeriesWaterfallHook, SyncHook } from 'tapable';
import type { CachedResponse, ModelResponse } from './chat.js';
import type { EvidenceEvent } from './evidence/event.js';
import type { Exchange } from './exchange.js';
import type { Route, RouteRequest } from './route.js';
import type { Verdict } from './verdict.js';

/**
 * The kernel's hook points (`kernel.hooks`, frozen), tapable hooks in the order a request meets them:
 * preGuard, cacheLookup, upstream, postScan, cacheStore, restore, respond; evidence throughout. Tap them in
 * `apply`, name every tap with the plugin's name, and order taps on a hook with `Stage`.
 * @example
 * kernel.hooks.postScan.tap({ name: PLUGIN_NAME, stage: Stage.SECURITY + 10 }, (exchange, response) => {
 *   if (!JSON.stringify(response.body).includes('BEGIN PRIVATE KEY')) return undefined;
 *   return { action: 'block', code: 'plugin_response_blocked', guard: PLUGIN_NAME, respond: 'error_json', reason: 'Key leak.' };
 * });
 */
export interface Hooks {
  /**
   * AsyncSeriesBailHook, first: taps run by stage (ADMISSION, SECURITY, REWRITE, USAGE) before any
   * cache or upstream work. Return `undefined` to go on, a Verdict to block (no later tap, cache or
   * upstream runs), or throw a GatewayError to fail the request. A tap that rewrites the request
   * assigns a new `exchange.request`.
   */
  readonly preGuard: AsyncSeriesBailHook<[Exchange], Verdict | undefined>;
  /**
   * AsyncSeriesBailHook, after the guards unless `exchange.bypassCache`; taps by stage (EXACT,
   * SIMILAR). The first CachedResponse wins: in enforce mode it is served and the upstream is not
   * called; in observe mode it is kept as a would-hit and the upstream still runs. A layer that fails
   * returns `undefined` (fail-open) and counts the fault itself.
   */
  readonly cacheLookup: AsyncSeriesBailHook<[Exchange], CachedResponse | undefined>;
  /**
   * AsyncSeriesBailHook, unless a cache answered (in observe mode it always runs): the first tap to
   * return the complete ModelResponse wins. Throw a GatewayError with the failure class; when every
   * tap returns `undefined` the request fails with `upstream_unavailable`. Pass `exchange.signal` on
   * so a client that leaves cancels the call.
   */
  readonly upstream: AsyncSeriesBailHook<[Exchange], ModelResponse | undefined>;
  /**
   * AsyncSeriesBailHook on every complete response, cached or fresh, before it is stored: accounting
   * taps at ADMISSION so it sees responses a scan then blocks. A Verdict replaces the response, and
   * nothing is stored.
   */
  readonly postScan: AsyncSeriesBailHook<[Exchange, ModelResponse], Verdict | undefined>;
  /**
   * AsyncParallelHook, awaited, only for a fresh 200 response the scans approved on a request that did
   * not bypass the cache. It gets the response as the upstream gave it (before `restore`). A store
   * fault is the tap's to swallow and count: a throw fails the request.
   */
  readonly cacheStore: AsyncParallelHook<[Exchange, ModelResponse]>;
  /**
   * AsyncSeriesWaterfallHook, last, on the response that was not blocked: each tap gets the previous
   * tap's response and returns the one the client will see (e.g. masked values put back). Return
   * a new object: cached bodies are shared and frozen.
   */
  readonly restore: AsyncSeriesWaterfallHook<[ModelResponse, Exchange]>;
  /**
   * SyncHook, once per exchange when its outcome is settled (`exchange.response` or `exchange.error`),
   * before the host writes the reply: taps add response headers (`exchange.setResponseHeader`) from
   * what the exchange holds. A throw is logged by the kernel and never changes the outcome.
   */
  readonly respond: SyncHook<[Exchange]>;
  /**
   * SyncHook with every evidence event (`kernel.evidence` builds them). Taps only enqueue or write:
   * a throw is logged by the kernel and never reaches the request.
   */
  readonly evidence: SyncHook<[EvidenceEvent]>;
  /**
   * AsyncSeriesHook before a plugin's extra route (`kernel.route`, e.g. `GET /v1/models`) is served, which
   * has no exchange and so meets none of the hooks above: a tap that throws a GatewayError refuses the
   * call with it (e.g. a missing client key), and the route never runs.
   */
  readonly routeAdmission: AsyncSeriesHook<[RouteRequest, Route]>;
}

/**
 * The names of the hooks in the order a request meets them, for tools that walk every hook.
 * @example
 * for (const name of HOOK_NAMES) console.log(name, kernel.hooks[name].taps.map((tap) => `${tap.name} ${tap.stage ?? 0}`));
 */
export const HOOK_NAMES = Object.freeze([
  'preGuard',
  'cacheLookup',
  'upstream',
  'postScan',
  'cacheStore',
  'restore',
  'respond',
  'evidence',
  'routeAdmission',
] as const satisfies readonly (keyof Hooks)[]);

/**
 * A fresh, frozen set of the kernel's hooks with no taps: the kernel makes one for itself, and a test or
 * tool that drives one hook alone can make its own without building a whole kernel.
 * @example
 * const hooks = createHooks();
 * hooks.respond.tap('tenant-header', (exchange) => exchange.setResponseHeader('x-acme-tenant', exchange.tenant));
 */
export function createHooks(): Hooks {
  return Object.freeze({
    preGuard: new AsyncSeriesBailHook<[Exchange], Verdict | undefined>(['exchange']),
    cacheLookup: new AsyncSeriesBailHook<[Exchange], CachedResponse | undefined>(['exchange']),
    upstream: new AsyncSeriesBailHook<[Exchange], ModelResponse | undefined>(['exchange']),
    postScan: new AsyncSeriesBailHook<[Exchange, ModelResponse], Verdict | undefined>(['exchange', 'response']),
    cacheStore: new AsyncParallelHook<[Exchange, ModelResponse]>(['exchange', 'response']),
    restore: new AsyncSeriesWaterfallHook<[ModelResponse, Exchange]>(['response', 'exchange']),
    respond: new SyncHook<[Exchange]>(['exchange']),
    evidence: new SyncHook<[EvidenceEvent]>(['event']),
    routeAdmission: new AsyncSeriesHook<[RouteRequest, Route]>(['request', 'route']),
  });
}
