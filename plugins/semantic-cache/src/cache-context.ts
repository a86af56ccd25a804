/** What the lookup and store taps share with the plugin that wires them. */
import type { Kernel } from '@sluice/core';
import type { SemanticCacheOptions } from './options.js';
import type { SemanticMetrics } from './semantic-metrics.js';
import type { StoreHealth } from './store-health.js';

export interface CacheContext {
  readonly options: Readonly<SemanticCacheOptions>;
  readonly kernel: Kernel;
  readonly metrics: SemanticMetrics;
  readonly health: StoreHealth;
}
