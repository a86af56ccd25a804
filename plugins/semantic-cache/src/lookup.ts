/**
 * The cache-lookup tap: an eligible request's last user turn embedded, searched within its scope and
 * verified. It leaves its key and vector in the request's slot, so the store tap needs no second embedding.
 * The request's cache controls choose the scope, may skip the search (`no-cache`: the question is still
 * embedded for the store) or the whole lookup (nothing to read or store), and `max-age` turns an entry
 * that is too old into a miss, which the fresh answer then replaces.
 */
import { answersAtAge, cacheControlAttributes, cacheControlsOf } from '@sluice/cache-controls';
import type { CachedResponse, EvidenceAttributes, Exchange, ModelResponse } from '@sluice/core';
import { addLookupOverhead } from '@sluice/plugin-cost-meter';
import type { CacheContext } from './cache-context.js';
import { cacheEvidence } from './cache-evidence.js';
import { noteHitStoredAt } from './cache-headers.js';
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
  const controls = cacheControlsOf(exchange);
  const applied = cacheControlAttributes(controls);
  const skip = semanticSkipReason(exchange.request, options, exchange.endpoint);
  if (skip !== undefined) {
    metrics.skipped(skip);
    cacheEvidence(kernel, exchange, 'skipped', { attributes: { ...applied, reason: skip } });
    return undefined;
  }
  const key = semanticKey(exchange.request, controls.scope, options.volatileUser, exchange.endpoint);
  const slot = exchange.slot(LOOKUP_SLOT);
  slot.key = key;
  if (!controls.read && !controls.store) {
    // `no-cache` with `no-store`: nothing to search for and nothing to store, so no embedding either.
    cacheEvidence(kernel, exchange, 'bypassed', { attributes: applied });
    return undefined;
  }
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
  if (!controls.read) {
    cacheEvidence(kernel, exchange, 'bypassed', { cache: { upstream_called: true }, attributes: applied });
    return undefined;
  }
  let best, found, sameWording;
  try {
    ({ best, found, sameWording } = await verifiedSearch(opened.store, vector, key, options, metrics));
    context.health.answered();
  } catch (error) {
    // No store of this request's answer either: it would wait out the same failing store a second time.
    slot.vector = undefined;
    return stepFault(context, exchange, 'search', error);
  }
  // Older than the request's max-age: a miss. Only the entry that would answer is judged: a younger, less
  // near one is not searched for, so the miss costs nothing more than a search.
  const tooOld = found !== undefined && !answersAtAge(controls, Date.now() - found.payload.created_at);
  if (tooOld) found = undefined;
  metrics.outcome(exchange.mode, found !== undefined);
  if (exchange.mode === 'observe' && found === undefined) slot.calibration = calibrationCandidate(best, key, options);
  cacheEvidence(kernel, exchange, found ? 'hit' : 'miss', {
    cache: {
      record_id: found ? String(found.id) : undefined,
      similarity_score: best === undefined ? undefined : round(best.similarity),
      threshold: options.threshold,
      upstream_called: found === undefined || exchange.mode === 'observe',
    },
    attributes: lookupAttributes(exchange, found !== undefined, tooOld, applied, sameWording === true),
  });
  if (found === undefined) return undefined;
  open.bounded?.use(found.id);
  slot.similarity = found.similarity;
  noteHitStoredAt(exchange, found.payload.created_at);
  return { status: 200, body: JSON.parse(found.payload.answer) as ModelResponse['body'], layer: CACHE_LAYER };
}

/**
 * The controls the request applied, why an entry did not answer, a hit below the threshold answering by
 * its wording (`match: same_wording`), and in observe mode what enforce would have done.
 */
function lookupAttributes(
  exchange: Exchange,
  hit: boolean,
  tooOld: boolean,
  applied: EvidenceAttributes | undefined,
  byWording: boolean,
): EvidenceAttributes | undefined {
  const attributes: EvidenceAttributes = { ...applied };
  if (tooOld) attributes.reason = 'max_age';
  else if (hit && byWording) attributes.match = 'same_wording';
  if (exchange.mode === 'observe') {
    attributes.would_action = hit ? 'serve_cached' : 'forward_upstream';
    attributes.applied_action = 'forward_upstream';
  }
  return Object.keys(attributes).length === 0 ? undefined : attributes;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
