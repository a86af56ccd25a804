/**
 * The controls a request applied, as attributes of the cache layers' evidence events. Every value is
 * bounded: a fixed vocabulary, numbers, and a namespace the pattern already bounded to 64 safe characters.
 */
import type { EvidenceAttributes } from '@sluice/core';
import type { CacheControls } from './cache-controls.js';

/**
 * Attributes naming what the client asked of the caches, or undefined when it asked nothing.
 * `cache_control` lists the directives applied (`bypass`, `no-cache`, `no-store`, `max-age`, `ttl`).
 * @example
 * cacheControlAttributes({ read: false, store: true, bypass: false, shared: false, scope: 'acme' });
 * // { cache_control: 'no-cache' }
 */
export function cacheControlAttributes(controls: CacheControls): EvidenceAttributes | undefined {
  const applied: string[] = [];
  if (controls.bypass) applied.push('bypass');
  else {
    if (!controls.read && controls.maxAgeSeconds !== 0) applied.push('no-cache');
    if (!controls.store) applied.push('no-store');
  }
  if (controls.maxAgeSeconds !== undefined) applied.push('max-age');
  if (controls.ttlSeconds !== undefined) applied.push('ttl');
  const attributes: EvidenceAttributes = {};
  if (applied.length > 0) attributes.cache_control = applied.join(',');
  if (controls.maxAgeSeconds !== undefined) attributes.max_age_seconds = controls.maxAgeSeconds;
  if (controls.ttlSeconds !== undefined) attributes.cache_ttl_seconds = controls.ttlSeconds;
  if (controls.namespace !== undefined) attributes.cache_namespace = controls.namespace;
  if (controls.shared) attributes.cache_pool = 'shared';
  return Object.keys(attributes).length === 0 ? undefined : attributes;
}
