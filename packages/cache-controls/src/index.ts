/** @sluice/cache-controls: per-request cache controls (Cache-Control, x-sluice-cache-*) and the cache scope a request reads and writes, shared by the cache layers. */
export { cacheControlsOf, type CacheControls } from './cache-controls.js';
export { cacheScope, NAMESPACE_PATTERN, type ScopeParts } from './cache-scope.js';
export { cacheControlAttributes } from './control-evidence.js';
export { CACHE_CONTROL_ERRORS } from './errors.js';
export { ageSeconds, answersAtAge, storeTtlSeconds } from './freshness.js';
export { CACHE_CONTROL_HEADERS, MAX_HEADER_BYTES } from './request-headers.js';
export { tapCacheReplyHeaders } from './reply-headers.js';
