/**
 * The plugin's name, its cache layer, and what a lookup leaves in the request for the store of the same
 * request: the store reuses the lookup's key and vector instead of embedding the question a second time.
 */
import { createSlot } from '@sluice/core';
import type { SemanticKey } from './scope.js';

export const PLUGIN_NAME = 'semantic-cache';

/** The layer a hit is reported under (`x-sluice-cache: hit-semantic`, evidence `cache_type`). */
export const CACHE_LAYER = 'semantic';

export const LOOKUP_SLOT = createSlot(PLUGIN_NAME, () => ({
  key: undefined as SemanticKey | undefined,
  vector: undefined as number[] | undefined,
}));
