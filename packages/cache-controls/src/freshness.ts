/** How the controls bear on an entry's age and lifetime, the same way in every cache layer. */
import type { CacheControls } from './cache-controls.js';

/**
 * Whether an entry this old may answer: younger than the request's `max-age`, when it set one.
 * @example
 * if (!answersAtAge(controls, Date.now() - Date.parse(entry.stored_at))) return undefined; // a miss
 */
export function answersAtAge(controls: Pick<CacheControls, 'maxAgeSeconds'>, ageMs: number): boolean {
  return controls.maxAgeSeconds === undefined || ageMs < controls.maxAgeSeconds * 1000;
}

/**
 * How long to store the answer: the layer's TTL, or the request's `x-sluice-cache-ttl` when shorter.
 * @example
 * await store.set(key, entry, storeTtlSeconds(controls, options.ttlSeconds) * 1000);
 */
export function storeTtlSeconds(controls: Pick<CacheControls, 'ttlSeconds'>, layerTtlSeconds: number): number {
  return controls.ttlSeconds === undefined ? layerTtlSeconds : Math.min(controls.ttlSeconds, layerTtlSeconds);
}

/**
 * The `Age` header of a hit (RFC 9111 §5.1): whole seconds since the entry was stored, never negative
 * (a clock stepped back, or another instance's clock ahead).
 * @example
 * exchange.setResponseHeader('age', String(ageSeconds(storedAtMs)));
 */
export function ageSeconds(storedAtMs: number, nowMs: number = Date.now()): number {
  const age = Math.floor((nowMs - storedAtMs) / 1000);
  return Number.isFinite(age) && age > 0 ? age : 0;
}
