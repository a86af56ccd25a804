/**
 * The cache headers of the HTTP reply, which belong to the cache layers and not to the host: the client's
 * cache controls (`Cache-Control`, `x-sluice-cache-*`, read by @sluice/cache-controls), and what it is
 * told, `x-sluice-cache` and, on a semantic hit, `x-sluice-similarity` and `Age`. The exact cache reads
 * and writes the shared ones the same way; each layer does it so that either one enabled alone keeps
 * them, and writing the same value twice changes nothing.
 */
import { ageSeconds, cacheControlsOf } from '@sluice/cache-controls';
import { createSlot, Stage, type CacheOutcome, type Exchange, type Kernel } from '@sluice/core';
import { CACHE_LAYER, LOOKUP_SLOT, PLUGIN_NAME } from './lookup-slot.js';

/** When the entry that answered was stored (Unix ms), for its `Age`. */
const HIT_STORED_AT = createSlot(`${PLUGIN_NAME}:age`, () => ({ storedAtMs: undefined as number | undefined }));
/** How the cache layers answered: `hit-<layer>`, `miss` or `bypass`. */
const OUTCOME_HEADER = 'x-sluice-cache';
/** How near the question of a semantic hit was to the cached one, four decimals. */
const SIMILARITY_HEADER = 'x-sluice-similarity';
/** Seconds since the answer of a hit was stored (RFC 9111 §5.1). */
const AGE_HEADER = 'age';

/** The lookup notes when the entry that answered was stored. */
export function noteHitStoredAt(exchange: Exchange, storedAtMs: number): void {
  exchange.slot(HIT_STORED_AT).storedAtMs = storedAtMs;
}

export function tapCacheHeaders(kernel: Kernel): void {
  // ADMISSION, after a client key admitted the caller (its tenant and whether its controls count), before any
  // guard spends work on a request whose controls are malformed, and always before the lookup.
  kernel.hooks.preGuard.tap({ name: PLUGIN_NAME, stage: Stage.ADMISSION }, (exchange) => {
    if (cacheControlsOf(exchange).bypass) exchange.bypassCache = true;
    return undefined;
  });
  kernel.hooks.respond.tap(PLUGIN_NAME, (exchange) => {
    if (exchange.error !== undefined) return;
    exchange.setResponseHeader(OUTCOME_HEADER, outcomeHeader(exchange.cache));
    if (exchange.cache.status !== 'hit' || exchange.cache.layer !== CACHE_LAYER) return;
    const { similarity } = exchange.slot(LOOKUP_SLOT);
    if (similarity !== undefined) exchange.setResponseHeader(SIMILARITY_HEADER, similarity.toFixed(4));
    const { storedAtMs } = exchange.slot(HIT_STORED_AT);
    if (storedAtMs !== undefined) exchange.setResponseHeader(AGE_HEADER, String(ageSeconds(storedAtMs)));
  });
}

/** What the client is told; a would-be hit in observe mode is a miss, since the upstream answered. */
function outcomeHeader(cache: CacheOutcome): string {
  if (cache.status === 'hit') return `hit-${cache.layer ?? 'unknown'}`;
  return cache.status === 'bypass' ? 'bypass' : 'miss';
}
