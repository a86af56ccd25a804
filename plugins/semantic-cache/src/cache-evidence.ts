/**
 * The evidence event of each cache decision (hit, miss, skip, store, failure). One place, so every event
 * of the semantic layer carries the same `cache` fields and only a hash of the scope, never text.
 */
import type { EvidenceAttributes, Exchange, Kernel } from '@sluice/core';
import { CACHE_LAYER, LOOKUP_SLOT } from './lookup-slot.js';

/** `bypassed`: the request's `no-cache` (or `max-age=0`) skipped the search; its answer may still be stored. */
export type CacheOutcome = 'hit' | 'miss' | 'bypassed' | 'skipped' | 'stored' | 'failed';

export interface CacheEvidenceDetails {
  readonly cache?: Record<string, unknown>;
  readonly attributes?: EvidenceAttributes | undefined;
}

export function cacheEvidence(
  kernel: Kernel,
  exchange: Exchange,
  outcome: CacheOutcome,
  details: CacheEvidenceDetails = {},
): void {
  const key = exchange.slot(LOOKUP_SLOT).key;
  const storing = outcome === 'stored' || details.cache?.operation === 'store';
  const eventType = outcome === 'failed' ? 'cache.error' : storing ? 'cache.store' : 'cache.lookup';
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
