/**
 * Where the plugin's scans go: a module over HTTP, or the engine in process. Both fail the same way
 * (`GuardCallError` kinds), so the plugin maps failures to errors once.
 */
import { callGuard, GuardCallError } from '@sluice/guard-kit';
import type { UsageScanRequest } from '../contract.js';
import type { UsageEngine } from '../engine/usage-engine.js';

export interface UsageBackend {
  /** `local` or `remote`, for evidence. */
  readonly kind: 'local' | 'remote';
  /** The reply as JSON; throws `GuardCallError` on failure. */
  scan(request: UsageScanRequest, signal: AbortSignal): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/**
 * @example
 * const backend = remoteUsageBackend({ baseUrl: 'http://127.0.0.1:8103', apiKey: 'k', timeoutMs: 10_000 });
 */
export function remoteUsageBackend(options: { baseUrl: string; apiKey: string; timeoutMs: number }): UsageBackend {
  return {
    kind: 'remote',
    scan: (request, signal) => callGuard({ ...options, signal }, '/v1/scan', request),
    close: async () => undefined,
  };
}

/**
 * The engine in process, under the same timeout as a module: a slow Redis must not hold a request
 * longer than a slow module could.
 * @example
 * const backend = localUsageBackend(await openUsageEngine(), 10_000);
 */
export function localUsageBackend(engine: UsageEngine, timeoutMs: number): UsageBackend {
  return {
    kind: 'local',
    async scan(request, signal) {
      let timer: NodeJS.Timeout | undefined;
      let onAbort: (() => void) | undefined;
      const stopped = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new GuardCallError('timeout', `no decision within ${timeoutMs} ms`)), timeoutMs);
        onAbort = () => reject(new GuardCallError('unavailable', 'the client left'));
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      });
      try {
        const reply = await Promise.race([engine.evaluate(request), stopped]);
        return reply as unknown as Record<string, unknown>;
      } catch (error) {
        if (error instanceof GuardCallError) throw error;
        throw new GuardCallError('unavailable', `the engine failed: ${(error as Error).message}`, undefined, undefined, {
          cause: error,
        });
      } finally {
        clearTimeout(timer);
        if (onAbort) signal.removeEventListener('abort', onAbort);
      }
    },
    close: () => engine.close(),
  };
}
