/** Counters of the client-key check: every request's result, and the Redis round trips it cost. */
import type { Kernel } from '@sluice/core';
import type { LookupOutcome } from './key-directory.js';

/** Results of one check, the `result` label of `gw_client_auth_total`. */
export type AuthResult = 'admitted' | 'anonymous' | 'missing' | 'invalid' | 'model_denied' | 'store_unavailable';

export function clientKeysMetrics(kernel: Kernel) {
  const results = kernel.metrics.counter<'result'>({
    name: 'gw_client_auth_total',
    help: 'Client-key checks by result: admitted (a known key), anonymous (no key, client_auth optional), missing, invalid, model_denied, store_unavailable.',
    labelNames: ['result'],
  });
  const lookups = kernel.metrics.counter<'outcome'>({
    name: 'gw_client_keys_store_lookups_total',
    help: 'Key lookups sent to the Redis key store (a key answered from memory sends none), by outcome: found, unknown, unreadable (a record that is not a key), failed.',
    labelNames: ['outcome'],
  });
  return {
    result(result: AuthResult): void {
      results.inc({ result });
    },
    lookup(outcome: LookupOutcome): void {
      lookups.inc({ outcome });
    },
  };
}

export type ClientKeysMetrics = ReturnType<typeof clientKeysMetrics>;
