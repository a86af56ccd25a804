/**
 * The cache headers of the HTTP reply, which belong to the cache layers and not to the host: the client's
 * `x-sluice-cache-bypass`, and what it is told, `x-sluice-cache` and, on a semantic hit,
 * `x-sluice-similarity`. The exact cache reads and writes the first two the same way; each layer does it
 * so that either one enabled alone keeps them, and writing the same value twice changes nothing.
 */
import { Stage, type CacheOutcome, type Kernel } from '@sluice/core';
import { CACHE_LAYER, LOOKUP_SLOT, PLUGIN_NAME } from './lookup-slot.js';

/** A client skips the cache layers for one request with this header set to one of BYPASS_WORDS. */
const BYPASS_HEADER = 'x-sluice-cache-bypass';
const BYPASS_WORDS = new Set(['1', 'true', 'yes', 'on']);
/** How the cache layers answered: `hit-<layer>`, `miss` or `bypass`. */
const OUTCOME_HEADER = 'x-sluice-cache';
/** How near the question of a semantic hit was to the cached one, four decimals. */
const SIMILARITY_HEADER = 'x-sluice-similarity';

export function tapCacheHeaders(kernel: Kernel): void {
  // ADMISSION: read before any guard can end the request, and always before the lookup the kernel then skips.
  kernel.hooks.preGuard.tap({ name: PLUGIN_NAME, stage: Stage.ADMISSION }, (exchange) => {
    if (BYPASS_WORDS.has((exchange.headers[BYPASS_HEADER] ?? '').trim().toLowerCase())) exchange.bypassCache = true;
    return undefined;
  });
  kernel.hooks.respond.tap(PLUGIN_NAME, (exchange) => {
    if (exchange.error !== undefined) return;
    exchange.setResponseHeader(OUTCOME_HEADER, outcomeHeader(exchange.cache));
    if (exchange.cache.status !== 'hit' || exchange.cache.layer !== CACHE_LAYER) return;
    const { similarity } = exchange.slot(LOOKUP_SLOT);
    if (similarity !== undefined) exchange.setResponseHeader(SIMILARITY_HEADER, similarity.toFixed(4));
  });
}

/** What the client is told; a would-be hit in observe mode is a miss, since the upstream answered. */
function outcomeHeader(cache: CacheOutcome): string {
  if (cache.status === 'hit') return `hit-${cache.layer ?? 'unknown'}`;
  return cache.status === 'bypass' ? 'bypass' : 'miss';
}
