/**
 * What a cache layer does with the request's bypass and tells the client in the reply. Every layer taps
 * the same two steps, so either layer enabled alone keeps them; writing the same value twice changes
 * nothing.
 */
import { Stage, type CacheOutcome, type Exchange, type Kernel } from '@sluice/core';
import { cacheControlsOf } from './cache-controls.js';
import { ageSeconds } from './freshness.js';

/** How the cache layers answered: `hit-<layer>`, `miss` or `bypass`. */
const OUTCOME_HEADER = 'x-sluice-cache';
/** Seconds since the answer of a hit was stored (RFC 9111 §5.1). */
const AGE_HEADER = 'age';

/**
 * A cache layer's reply headers, tapped for the layer: at ADMISSION of `preGuard` (after a client key
 * admitted the caller, whose key decides whether its controls count; before any guard spends work on a
 * request whose controls are malformed, and before the lookup) a bypass the client may ask for skips
 * every layer; on `respond`, `x-sluice-cache` and, when this layer answered, `Age` from `storedAtMs` and
 * the layer's own headers from `onHit`.
 * @example
 * tapCacheReplyHeaders(kernel, { plugin: 'exact-cache', layer: 'exact', storedAtMs: (e) => e.slot(KEY).storedAtMs });
 */
export function tapCacheReplyHeaders(
  kernel: Kernel,
  layer: {
    readonly plugin: string;
    readonly layer: string;
    readonly storedAtMs: (exchange: Exchange) => number | undefined;
    readonly onHit?: (exchange: Exchange) => void;
  },
): void {
  kernel.hooks.preGuard.tap({ name: layer.plugin, stage: Stage.ADMISSION }, (exchange) => {
    if (cacheControlsOf(exchange).bypass) exchange.bypassCache = true;
    return undefined;
  });
  kernel.hooks.respond.tap(layer.plugin, (exchange) => {
    if (exchange.error !== undefined) return;
    exchange.setResponseHeader(OUTCOME_HEADER, outcomeHeader(exchange.cache));
    if (exchange.cache.status !== 'hit' || exchange.cache.layer !== layer.layer) return;
    layer.onHit?.(exchange);
    const storedAtMs = layer.storedAtMs(exchange);
    if (storedAtMs !== undefined) exchange.setResponseHeader(AGE_HEADER, String(ageSeconds(storedAtMs)));
  });
}

/** What the client is told; a would-be hit in observe mode is a miss, since the upstream answered. */
function outcomeHeader(cache: CacheOutcome): string {
  if (cache.status === 'hit') return `hit-${cache.layer ?? 'unknown'}`;
  return cache.status === 'bypass' ? 'bypass' : 'miss';
}
