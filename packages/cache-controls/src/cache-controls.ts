/**
 * What a request asks of the cache layers, read once per request from its headers and its caller: whether
 * a cached answer may answer it and how old, whether its answer may be stored and for how long, and the
 * scope both happen in.
 *
 * `no-store` (RFC 9111 §5.2.1.5) forbids storing the answer; it says nothing about reading, so a cached
 * answer still answers. `x-sluice-cache-ttl` can only shorten how long a stored answer lives, never extend
 * it past the layer's configured TTL: the operator's bound on staleness holds whatever a client sends.
 */
import { createSlot, type Exchange, type GatewayError } from '@sluice/core';
import { callerOf } from '@sluice/caller';
import { cacheScope } from './cache-scope.js';
import { boundedHeader, bypass, CACHE_CONTROL_HEADERS, namespace, requestDirectives, ttlSeconds } from './request-headers.js';

/**
 * The cache controls in force for one request.
 * @example
 * const controls: CacheControls = { read: false, store: true, bypass: false, shared: false, scope: 'acme' }; // no-cache
 */
export interface CacheControls {
  /** A cached answer may answer (false with `no-cache`, `max-age=0` or a bypass). */
  readonly read: boolean;
  /** The fresh answer may be stored (false with `no-store` or a bypass). */
  readonly store: boolean;
  /** Only an entry younger than this many seconds may answer. */
  readonly maxAgeSeconds?: number;
  /** The stored answer lives at most this long (the layer's TTL still caps it). */
  readonly ttlSeconds?: number;
  /** The client's sub-scope inside its pool. */
  readonly namespace?: string;
  /** `x-sluice-cache-bypass`: no lookup and no store; the reply says `x-sluice-cache: bypass`. */
  readonly bypass: boolean;
  /** The caller's key reads and writes the shared pool instead of its tenant's own. */
  readonly shared: boolean;
  /** What the layers key entries by: the tenant or the shared pool, and the namespace (see `cacheScope`). */
  readonly scope: string;
}

type Requested = Omit<CacheControls, 'scope' | 'shared'>;

const UNCHANGED: Requested = Object.freeze({ read: true, store: true, bypass: false });

interface ControlsSlot {
  requested: Requested | undefined;
  error: GatewayError | undefined;
  controls: CacheControls | undefined;
  /** The tenant `controls` was scoped for: a tap that sets the tenant after a read gets a new scope. */
  tenant: string | undefined;
}

const SLOT = createSlot<ControlsSlot>('cache-controls', () => ({
  requested: undefined,
  error: undefined,
  controls: undefined,
  tenant: undefined,
}));

/**
 * The request's cache controls; the headers are read once per request. Headers are honoured only when
 * the caller's key allows it (`cache_controls`, on without a key); otherwise they are ignored, bypass
 * included, and a malformed one is no error.
 * @throws GatewayError `invalid_cache_control` (400) when an honoured header is malformed, every call.
 * @example
 * kernel.hooks.preGuard.tap({ name: PLUGIN_NAME, stage: Stage.ADMISSION }, (exchange) => {
 *   if (cacheControlsOf(exchange).bypass) exchange.bypassCache = true;
 *   return undefined;
 * });
 */
export function cacheControlsOf(exchange: Exchange): CacheControls {
  const slot = exchange.slot(SLOT);
  if (slot.controls !== undefined && slot.tenant === exchange.tenant) return slot.controls;
  if (slot.error !== undefined) throw slot.error;
  const caller = callerOf(exchange);
  if (slot.requested === undefined) {
    try {
      slot.requested = caller?.cacheControls === false ? UNCHANGED : requested(exchange.headers);
    } catch (error) {
      slot.error = error as GatewayError;
      throw error;
    }
  }
  const shared = caller?.cacheShare ?? false;
  const scope = cacheScope({ tenant: exchange.tenant, shared, namespace: slot.requested.namespace });
  slot.tenant = exchange.tenant;
  slot.controls = Object.freeze({ ...slot.requested, shared, scope });
  return slot.controls;
}

function requested(headers: Readonly<Record<string, string | undefined>>): Requested {
  const cacheControl = boundedHeader(headers, CACHE_CONTROL_HEADERS.cacheControl);
  const ttl = boundedHeader(headers, CACHE_CONTROL_HEADERS.ttl);
  const space = boundedHeader(headers, CACHE_CONTROL_HEADERS.namespace);
  const bypassValue = boundedHeader(headers, CACHE_CONTROL_HEADERS.bypass);
  if (cacheControl === undefined && ttl === undefined && space === undefined && bypassValue === undefined) return UNCHANGED;
  const directives = cacheControl === undefined ? undefined : requestDirectives(cacheControl);
  const bypassed = bypassValue !== undefined && bypass(bypassValue);
  const maxAgeSeconds = directives?.maxAgeSeconds;
  return Object.freeze({
    read: !bypassed && directives?.noCache !== true && maxAgeSeconds !== 0,
    store: !bypassed && directives?.noStore !== true,
    bypass: bypassed,
    ...(maxAgeSeconds === undefined ? {} : { maxAgeSeconds }),
    ...(ttl === undefined ? {} : { ttlSeconds: ttlSeconds(ttl) }),
    ...(space === undefined ? {} : { namespace: namespace(space) }),
  });
}
