/** Builds an engine from where its parts live: a policy file path and a counter store URL. */
import { builtinUsagePolicy } from '../policy/builtin-policy.js';
import { loadUsagePolicy } from '../policy/parse-policy.js';
import { memoryQuotaCounters } from '../quota/memory-counters.js';
import { redisQuotaCounters } from '../quota/redis-counters.js';
import { UsageEngine } from './usage-engine.js';

export interface OpenUsageEngineOptions {
  /** A JSON policy file; absent: the built-in policy. */
  readonly policyFile?: string | undefined;
  /** `redis://…` or `rediss://…` for shared counters; absent: in-process counters. */
  readonly kvUrl?: string | undefined;
  /** Prefix of counter keys on Redis. Default `sluice:usage:`. */
  readonly keyPrefix?: string | undefined;
  /** Longest a counter update may take on Redis. Default 2000. */
  readonly kvTimeoutMs?: number | undefined;
}

/**
 * Loads the policy (a bad file is refused with every problem named) and connects the counters.
 * @example
 * const engine = await openUsageEngine({ policyFile: 'usage-policy.json', kvUrl: 'redis://127.0.0.1:6379' });
 */
export async function openUsageEngine(options: OpenUsageEngineOptions = {}): Promise<UsageEngine> {
  const policy = options.policyFile === undefined ? builtinUsagePolicy() : await loadUsagePolicy(options.policyFile);
  const counters =
    options.kvUrl === undefined
      ? memoryQuotaCounters()
      : await redisQuotaCounters({
          url: options.kvUrl,
          ...(options.keyPrefix === undefined ? {} : { keyPrefix: options.keyPrefix }),
          ...(options.kvTimeoutMs === undefined ? {} : { timeoutMs: options.kvTimeoutMs }),
        });
  return new UsageEngine({ policy, counters });
}
