/**
 * A failed embed, search or store: counted, logged, evidenced and recorded in the store's health; then a
 * miss (fail-open, observe mode, a client gone, or a store after the answer was sent) or the request's error.
 * Shared by the lookup and store taps so both apply `semantic_fail_open` the same way.
 */
import { GatewayError, type Exchange } from '@sluice/core';
import { cacheEvidence } from './cache-evidence.js';
import type { CacheContext } from './cache-context.js';
import { failureReason } from './failure-reason.js';

export type CacheStep = 'embed' | 'search' | 'store';

/** Returns undefined (a miss) or throws the request's error; `swallow` never throws. */
export function stepFault(
  context: CacheContext,
  exchange: Exchange,
  step: CacheStep,
  error: unknown,
  swallow = false,
): undefined {
  context.metrics.fault(exchange.mode, step);
  const reason = failureReason(error);
  if (step !== 'embed') context.health.failed(reason);
  context.kernel.logger.warn(
    {
      dependency: step === 'embed' ? 'embedding' : 'vectordb',
      operation: step,
      trace_id: exchange.traceId,
      reason,
    },
    'semantic cache step failed',
  );
  cacheEvidence(context.kernel, exchange, 'failed', {
    cache: { operation: step === 'store' ? 'store' : 'lookup' },
    attributes: { step },
  });
  if (swallow || exchange.signal.aborted || context.options.failOpen || exchange.mode === 'observe') return undefined;
  if (error instanceof GatewayError) throw error;
  throw new GatewayError(step === 'embed' ? 'embedding_unavailable' : 'vectordb_unavailable', { cause: error });
}
