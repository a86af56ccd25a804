/**
 * Opens the in-process engine for `usage_guard_url local`. A bad policy file, or a configured policy
 * the file does not have, refuses to start. Redis unreachable at start refuses to start with
 * guard_fail_open off; with it on, the gateway starts and every request follows guard_fail_open
 * until a restart connects again (the same no-op-until-restart rule as the caches).
 */
import type { DependencyHealth, Kernel } from '@sluice/core';
import { redactRedisUrl } from '@sluice/redis';
import { UnknownUsagePolicyError, UsageEngine } from '../engine/usage-engine.js';
import { builtinUsagePolicy } from '../policy/builtin-policy.js';
import { loadUsagePolicy } from '../policy/parse-policy.js';
import { memoryQuotaCounters } from '../quota/memory-counters.js';
import type { QuotaCounters } from '../quota/quota-counters.js';
import { redisQuotaCounters, unreachableQuotaCounters } from '../quota/redis-counters.js';
import type { UsageGuardOptions } from './options.js';
import { localUsageBackend, type UsageBackend } from './usage-backend.js';

export interface LocalBackend {
  readonly backend: UsageBackend;
  readonly health: () => DependencyHealth[];
}

/**
 * @example
 * const { backend } = await openLocalBackend(plugin.options, 10_000, kernel.logger);
 */
export async function openLocalBackend(
  options: Readonly<UsageGuardOptions>,
  timeoutMs: number,
  logger: Kernel['logger'],
): Promise<LocalBackend> {
  const policy = options.policyFile === undefined ? builtinUsagePolicy() : await loadUsagePolicy(options.policyFile);
  if (options.policyId !== undefined && !policy.policies.has(options.policyId)) {
    throw new UnknownUsagePolicyError(options.policyId);
  }
  let counters: QuotaCounters;
  let initialised = true;
  if (options.kvUrl === undefined) {
    counters = memoryQuotaCounters();
  } else {
    try {
      counters = await redisQuotaCounters({
        url: options.kvUrl,
        keyPrefix: options.kvKeyPrefix,
        timeoutMs: Math.min(timeoutMs, 2000),
        connectTimeoutMs: Math.max(2000, Math.min(timeoutMs, 5000)),
        logger,
      });
    } catch (error) {
      const reason = (error as Error).message;
      if (!options.failOpen) throw new Error(`usage kv: ${reason}`, { cause: error });
      logger.error(
        { dependency: 'usage_kv', url: redactRedisUrl(options.kvUrl, 'the configured URL'), reason },
        'usage quotas unavailable until restart: Redis is unreachable (guard_fail_open on: requests go on)',
      );
      counters = unreachableQuotaCounters(reason);
      initialised = false;
    }
  }
  const engine = new UsageEngine({ policy, counters });
  const health = (): DependencyHealth[] => {
    if (options.kvUrl === undefined) return [];
    const state = counters.state();
    return [
      {
        name: 'usage_kv',
        // Shared by every instance: taking one out of rotation would not help the others.
        readinessRequired: false,
        initialised,
        up: state.up,
        ...(state.reason === undefined ? {} : { reason: state.reason }),
      },
    ];
  };
  return { backend: localUsageBackend(engine, timeoutMs), health };
}
