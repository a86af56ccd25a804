/** Where scans run: a module over the HTTP contract, or the engine in process (`security_guard_url local`). */
import { callGuard, GuardCallError } from '@sluice/guard-kit';
import type { SecurityScanRequest } from '../contract.js';
import type { SecurityGuardEngine } from '../engine/engine.js';

export interface SecurityBackend {
  /** `module` (over HTTP) or `local`; recorded in evidence. */
  readonly kind: 'module' | 'local';
  /** The reply object, or a GuardCallError classifying the failure. */
  scan(body: SecurityScanRequest, signal: AbortSignal): Promise<Record<string, unknown>>;
}

/**
 * @example
 * const backend = moduleBackend({ baseUrl: 'http://127.0.0.1:8101', apiKey: 'k', timeoutMs: 10_000 });
 */
export function moduleBackend(options: { baseUrl: string; apiKey: string; timeoutMs: number }): SecurityBackend {
  return {
    kind: 'module',
    scan: (body, signal) => callGuard({ ...options, signal }, '/v1/scan', body),
  };
}

/** The engine's reply as if it had come over the wire; an engine fault is an outage, like a module's 500. */
export function localBackend(engine: SecurityGuardEngine): SecurityBackend {
  return {
    kind: 'local',
    scan: async (body) => {
      try {
        return { ...engine.scan(body) };
      } catch (error) {
        throw new GuardCallError('unavailable', `the local engine failed: ${(error as Error).message}`, undefined, undefined, {
          cause: error,
        });
      }
    },
  };
}
