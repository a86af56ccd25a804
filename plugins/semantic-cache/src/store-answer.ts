/**
 * The cache-store tap: a fresh, approved answer stored under the key and vector its lookup left, with its
 * expiry: the layer's TTL, or the request's `x-sluice-cache-ttl` when shorter. A request's `no-store`
 * keeps its answer out. A failure is counted and never the request's error: the client already has its answer.
 */
import { cacheControlAttributes, cacheControlsOf, storeTtlSeconds } from '@sluice/cache-controls';
import type { Exchange, ModelResponse } from '@sluice/core';
import type { AnswerComparison } from './answer-comparison.js';
import type { CacheContext } from './cache-context.js';
import { cacheEvidence } from './cache-evidence.js';
import type { SemanticEntry } from './entry.js';
import { CACHE_LAYER, LOOKUP_SLOT } from './lookup-slot.js';
import { entryId } from './scope.js';
import { stepFault } from './step-fault.js';
import type { OpenCache } from './store-lifecycle.js';

export async function storeAnswer(
  context: CacheContext,
  open: OpenCache,
  comparison: AnswerComparison,
  exchange: Exchange,
  response: ModelResponse,
): Promise<void> {
  const { options, kernel } = context;
  const { key, vector } = exchange.slot(LOOKUP_SLOT);
  // Handed over to a reloaded runtime: the directory is the next store's now.
  if (open.keeping.handedOver) return;
  if (key === undefined || vector === undefined || !Array.isArray(response.body.choices)) return;
  if (exchange.mode === 'observe') compareInObserveMode(comparison, exchange, response);
  const controls = cacheControlsOf(exchange);
  const applied = cacheControlAttributes(controls);
  if (!controls.store) {
    cacheEvidence(kernel, exchange, 'skipped', { cache: { operation: 'store' }, attributes: applied });
    return;
  }
  const answer = JSON.stringify(response.body);
  if (answer.length > options.maxEntryBytes) return;
  const now = Date.now();
  const payload: SemanticEntry = {
    scope: key.scope,
    expires_at: now + Math.round(storeTtlSeconds(controls, options.ttlSeconds) * 1000),
    created_at: now,
    question: key.question,
    answer,
    model: response.body.model ?? exchange.request.model,
  };
  try {
    const record = { id: entryId(key), vector, payload };
    const bounded = open.bounded;
    if (bounded === undefined) await open.opened.store.upsert(record);
    // Larger than the whole byte bound: storing it would evict everything else and still not fit.
    else if (!(await bounded.upsert(record))) return;
    context.health.answered();
  } catch (error) {
    stepFault(context, exchange, 'store', error, true);
    return;
  }
  cacheEvidence(kernel, exchange, 'stored', { cache: { operation: 'store' }, attributes: applied });
}

/**
 * The cached answer a would-be hit had, or failing one the nearest verified candidate down to the calibration
 * floor, against the live answer: what a lower or higher threshold would have served.
 */
function compareInObserveMode(comparison: AnswerComparison, exchange: Exchange, response: ModelResponse): void {
  const { similarity, calibration } = exchange.slot(LOOKUP_SLOT);
  if (exchange.cache.wouldHit === true) {
    if (exchange.cache.layer === CACHE_LAYER && exchange.cached && similarity !== undefined)
      comparison.compare(exchange.cached.body, response, { similarity, wouldHit: true });
    return;
  }
  if (calibration === undefined) return;
  const cached = JSON.parse(calibration.answer) as ModelResponse['body'];
  comparison.compare(cached, response, { similarity: calibration.similarity, wouldHit: false });
}
