/**
 * The evidence event of each cache decision (hit, miss, skip, store, failure). One place, so every event
 * of the semantic layer carries the same `cache` fields and only a hash of the scope, never text.
 */
import type { Exchange, Kernel } from '@sluice/core';
import { CACHE_LAYER, LOOKUP_SLOT } from './lookup-slot.js';

export type CacheOutcome = 'hit' | 'miss' | 'skipped' | 'stored' | 'failed';

export interface CacheEvidenceDetails {
  readonly cache?: Record<string, unknown>;
  readonly attributes?: Record<string, string>;
}

export function cacheEvidence(
  kernel: Kernel,
  exchange: Exchange,
  outcome: CacheOutcome,
  details: CacheEvidenceDetails = {},
): void {
  const key = exchange.slot(LOOKUP_SLOT).key;
  const eventType = outcome === 'stored' ? 'cache.store' : outcome === 'failed' ? 'cache.error' : 'cache.lookup';
  kernel.evidence(
    exchange,
    { source: 'gateway', category: 'cache', event_type: eventType, outcome },
    {
      cache: {
        cache_type: CACHE_LAYER,
        operation: 'lookup',
        outcome,
        ...(key ? { cache_key_hash: key.scope.slice(0, 16) } : {}),
        ...details.cache,
      },
      ...(details.attributes ? { attributes: details.attributes } : {}),
    },
  );
}
