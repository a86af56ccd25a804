/**
 * The plugin's name, its cache layer, and what a lookup leaves in the request for the store of the same
 * request (the store reuses the lookup's key and vector instead of embedding the question a second time)
 * and for the reply's headers (the similarity of a hit).
 */
import { createSlot, type Exchange } from '@sluice/core';
import type { SemanticKey } from './scope.js';

export const PLUGIN_NAME = 'semantic-cache';

/** The layer a hit is reported under (`x-sluice-cache: hit-semantic`, evidence `cache_type`). */
export const CACHE_LAYER = 'semantic';

export const LOOKUP_SLOT = createSlot(PLUGIN_NAME, () => ({
  key: undefined as SemanticKey | undefined,
  vector: undefined as number[] | undefined,
  /** The similarity of the entry that answered, for the `x-sluice-similarity` header. */
  similarity: undefined as number | undefined,
  /**
   * Observe mode: the nearest candidate at or above the calibration floor that a threshold could have served
   * (the would-be hit, or a verified candidate below the threshold), for the store tap to compare its cached
   * answer with the live one.
   */
  calibration: undefined as { readonly similarity: number; readonly answer: string } | undefined,
}));

/**
 * How near the question of the entry that answered this request was (cosine similarity), or undefined
 * when the semantic cache found none. In observe mode it is the entry that would have answered.
 * @example
 * const similarity = semanticHitSimilarity(exchange); // 0.9731 on a semantic hit
 */
export function semanticHitSimilarity(exchange: Exchange): number | undefined {
  return exchange.slot(LOOKUP_SLOT).similarity;
}
