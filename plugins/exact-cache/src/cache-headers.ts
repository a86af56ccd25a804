/**
 * The cache headers of the HTTP reply, which belong to the cache layers and not to the host: the client's
 * cache controls (`Cache-Control`, `x-sluice-cache-*`, read by @sluice/cache-controls), and what it is
 * told, `x-sluice-cache` and, on an exact hit, `Age`. The semantic cache reads and writes the shared ones
 * the same way, so either layer enabled alone keeps them; writing the same value twice changes nothing.
 */
import { ageSeconds, cacheControlsOf } from '@sluice/cache-controls';
import { createSlot, Stage, type CacheOutcome, type Kernel } from '@sluice/core';

export const PLUGIN_NAME = 'exact-cache';
/** The layer a hit is reported under (`x-sluice-cache: hit-exact`, evidence `cache_type`). */
export const LAYER = 'exact';

/** What the lookup leaves for the store and the reply: the key, and when the entry that answered was stored. */
export const KEY = createSlot(PLUGIN_NAME, () => ({ key: '', storedAtMs: undefined as number | undefined }));

/** How the cache layers answered: `hit-<layer>`, `miss` or `bypass`. */
const OUTCOME_HEADER = 'x-sluice-cache';
/** Seconds since the answer of a hit was stored (RFC 9111 §5.1). */
const AGE_HEADER = 'age';

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
    if (exchange.cache.status !== 'hit' || exchange.cache.layer !== LAYER) return;
    const { storedAtMs } = exchange.slot(KEY);
    if (storedAtMs !== undefined) exchange.setResponseHeader(AGE_HEADER, String(ageSeconds(storedAtMs)));
  });
}

/** What the client is told; a would-be hit in observe mode is a miss, since the upstream answered. */
function outcomeHeader(cache: CacheOutcome): string {
  if (cache.status === 'hit') return `hit-${cache.layer ?? 'unknown'}`;
  return cache.status === 'bypass' ? 'bypass' : 'miss';
}
