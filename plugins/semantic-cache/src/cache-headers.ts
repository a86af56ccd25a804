/**
 * The cache headers of the HTTP reply, which belong to the cache layers and not to the host: the client's
 * cache controls (`Cache-Control`, `x-sluice-cache-*`, read by @sluice/cache-controls), and what it is
 * told, `x-sluice-cache` and, on a semantic hit, `x-sluice-similarity` and `Age`
 * (`tapCacheReplyHeaders`, which the exact cache taps too).
 */
import { tapCacheReplyHeaders } from '@sluice/cache-controls';
import { createSlot, type Exchange, type Kernel } from '@sluice/core';
import { CACHE_LAYER, LOOKUP_SLOT, PLUGIN_NAME } from './lookup-slot.js';

/** When the entry that answered was stored (Unix ms), for its `Age`. */
const HIT_STORED_AT = createSlot(`${PLUGIN_NAME}:age`, () => ({ storedAtMs: undefined as number | undefined }));
/** How near the question of a semantic hit was to the cached one, four decimals. */
const SIMILARITY_HEADER = 'x-sluice-similarity';

/** The lookup notes when the entry that answered was stored. */
export function noteHitStoredAt(exchange: Exchange, storedAtMs: number): void {
  exchange.slot(HIT_STORED_AT).storedAtMs = storedAtMs;
}

export function tapCacheHeaders(kernel: Kernel): void {
  tapCacheReplyHeaders(kernel, {
    plugin: PLUGIN_NAME,
    layer: CACHE_LAYER,
    storedAtMs: (exchange) => exchange.slot(HIT_STORED_AT).storedAtMs,
    onHit: (exchange) => {
      const { similarity } = exchange.slot(LOOKUP_SLOT);
      if (similarity !== undefined) exchange.setResponseHeader(SIMILARITY_HEADER, similarity.toFixed(4));
    },
  });
}
