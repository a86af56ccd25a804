/**
 * What one request cost and saved, in micro-USD (1e-6 USD): the cost meter's slot on the exchange.
 * The meter fills cost and savings at postScan; a cache layer that pays to look up (embeddings)
 * adds its overhead here, before, through `addLookupOverhead`.
 */
import { createSlot, type Exchange } from '@sluice/core';

/**
 * The money side of one request, in micro-USD.
 * @example
 * const { requestMicroUsd, grossSavedMicroUsd } = requestCost(exchange);
 */
export interface RequestCost {
  /** Estimated cost of the upstream call this request made (0 on a hit). */
  requestMicroUsd: number;
  /** Estimated upstream cost avoided by a cache hit. */
  grossSavedMicroUsd: number;
  /** What looking up the caches cost (e.g. embeddings), subtracted from the savings. */
  overheadMicroUsd: number;
}

const COST = createSlot<RequestCost>('cost-meter', () => ({ requestMicroUsd: 0, grossSavedMicroUsd: 0, overheadMicroUsd: 0 }));

/**
 * The cost and savings the meter recorded for a request (all zero before postScan, or without a meter).
 * @example
 * logger.info({ trace_id: exchange.traceId, cost_micro_usd: requestCost(exchange).requestMicroUsd }, 'answered');
 */
export function requestCost(exchange: Exchange): Readonly<RequestCost> {
  return exchange.slot(COST);
}

/**
 * Adds what a cache layer spent looking this request up; the meter subtracts it from the savings of a
 * hit (net saved). Call it from a cacheLookup tap, before the meter accounts at postScan.
 * @example
 * addLookupOverhead(exchange, Math.ceil(embeddingTokens * 0.02)); // $0.02 per million tokens
 */
export function addLookupOverhead(exchange: Exchange, microUsd: number): void {
  if (!Number.isFinite(microUsd) || microUsd < 0) {
    throw new RangeError(`addLookupOverhead(): ${String(microUsd)} is not a cost in micro-USD`);
  }
  exchange.slot(COST).overheadMicroUsd += microUsd;
}

/** The meter's own, writable view. */
export function meteredCost(exchange: Exchange): RequestCost {
  return exchange.slot(COST);
}
