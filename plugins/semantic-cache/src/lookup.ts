/**
 * The cache-lookup tap: an eligible request's last user turn embedded, searched within its scope and
 * verified. It leaves its key and vector in the request's slot, so the store tap needs no second embedding.
 */
import type { CachedResponse, Exchange, ModelResponse } from '@sluice/core';
import { addLookupOverhead } from '@sluice/plugin-cost-meter';
import type { CacheContext } from './cache-context.js';
import { cacheEvidence } from './cache-evidence.js';
import { calibrationCandidate } from './calibration-candidate.js';
import { semanticSkipReason } from './eligibility.js';
import { CACHE_LAYER, LOOKUP_SLOT } from './lookup-slot.js';
import { semanticKey } from './scope.js';
import { stepFault } from './step-fault.js';
import type { OpenCache } from './store-lifecycle.js';
import { verifiedSearch } from './verified-search.js';

export async function semanticLookup(
  context: CacheContext,
  open: OpenCache,
  exchange: Exchange,
): Promise<CachedResponse | undefined> {
  const { options, kernel, metrics } = context;
  const { embedder, opened } = open;
  const skip = semanticSkipReason(exchange.request, options);
  if (skip !== undefined) {
    metrics.skipped(skip);
    cacheEvidence(kernel, exchange, 'skipped', { attributes: { reason: skip } });
    return undefined;
  }
  const key = semanticKey(exchange.request, exchange.tenant, options.volatileUser);
  const slot = exchange.slot(LOOKUP_SLOT);
  slot.key = key;
  let vector: number[];
  try {
    // The local embedder never waits, and making the client's AbortSignal would cost every hit about 10 µs.
    const embedding = await embedder.embed(key.question, embedder.provider === 'local' ? undefined : exchange.signal);
    vector = embedding.vector;
    const overhead = Math.round(embedding.promptTokens * options.embedding.price);
    addLookupOverhead(exchange, overhead);
    metrics.overhead(overhead);
  } catch (error) {
    return stepFault(context, exchange, 'embed', error);
  }
  slot.vector = vector;
  let best, found;
  try {
    ({ best, found } = await verifiedSearch(opened.store, vector, key, options, metrics));
    context.health.answered();
  } catch (error) {
    // No store of this request's answer either: it would wait out the same failing store a second time.
    slot.vector = undefined;
    return stepFault(context, exchange, 'search', error);
  }
  metrics.outcome(exchange.mode, found !== undefined);
  if (exchange.mode === 'observe' && found === undefined) slot.calibration = calibrationCandidate(best, key, options);
  cacheEvidence(kernel, exchange, found ? 'hit' : 'miss', {
    cache: {
      record_id: found ? String(found.id) : undefined,
      similarity_score: best === undefined ? undefined : round(best.similarity),
      threshold: options.threshold,
      upstream_called: found === undefined || exchange.mode === 'observe',
    },
    // Observe mode records what enforce would have done next to what was done.
    ...(exchange.mode === 'observe'
      ? { attributes: { would_action: found ? 'serve_cached' : 'forward_upstream', applied_action: 'forward_upstream' } }
      : {}),
  });
  if (found === undefined) return undefined;
  open.bounded?.use(found.id);
  slot.similarity = found.similarity;
  return { status: 200, body: JSON.parse(found.payload.answer) as ModelResponse['body'], layer: CACHE_LAYER };
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
