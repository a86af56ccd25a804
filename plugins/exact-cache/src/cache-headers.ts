/**
 * The cache headers of the HTTP reply, which belong to the cache layers and not to the host: the client's
 * cache controls (read by @sluice/cache-controls), and what it is told, `x-sluice-cache` and, on an exact
 * hit, `Age`.
 */
import { tapCacheReplyHeaders } from '@sluice/cache-controls';
import { createSlot, type Kernel } from '@sluice/core';

export const PLUGIN_NAME = 'exact-cache';
/** The layer a hit is reported under (`x-sluice-cache: hit-exact`, evidence `cache_type`). */
export const LAYER = 'exact';

/** What the lookup leaves for the store and the reply: the key, and when the entry that answered was stored. */
export const KEY = createSlot(PLUGIN_NAME, () => ({ key: '', storedAtMs: undefined as number | undefined }));

export function tapCacheHeaders(kernel: Kernel): void {
  tapCacheReplyHeaders(kernel, { plugin: PLUGIN_NAME, layer: LAYER, storedAtMs: (exchange) => exchange.slot(KEY).storedAtMs });
}
