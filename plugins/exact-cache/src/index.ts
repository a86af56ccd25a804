/** @sluice/plugin-exact-cache: byte-identical repeats answered from memory or Redis. */
export { ExactCachePlugin } from './plugin.js';
export { ExactCacheOptionsSchema, type ExactCacheOptions, type ExactCacheOptionsInput } from './options.js';
export { canonicalRequestKey, canonicalJson, KEY_VERSION, type KeyScope } from './canonical-key.js';
