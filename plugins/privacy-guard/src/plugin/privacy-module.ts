/**
 * The privacy module as the plugin calls it: over HTTP (core's `callGuard`) or the engine in this
 * process. Both answer the contract's JSON and fail with a classified `GuardCallError`, so the plugin
 * has one path for either.
 */
import { callGuard, GuardCallError } from '@sluice/guard-kit';
import type { PrivacyEngine } from '../engine/engine.js';
import type { RestoreRequest, ScanRequest } from '../contract.js';

export interface PrivacyModule {
  scan(body: ScanRequest, signal: AbortSignal): Promise<Record<string, unknown>>;
  restore(body: RestoreRequest, signal: AbortSignal): Promise<Record<string, unknown>>;
}

/** A module at `baseUrl`, one timeout per call. */
export function remotePrivacyModule(baseUrl: string, apiKey: string, timeoutMs: number): PrivacyModule {
  const call = (path: string, body: unknown, signal: AbortSignal) =>
    callGuard({ baseUrl, apiKey, timeoutMs, signal }, path, body);
  return {
    scan: (body, signal) => call('/v1/scan', body, signal),
    restore: (body, signal) => call('/v1/restore', body, signal),
  };
}

/**
 * The engine in process. Its mapping store may be Redis, so a call is bounded by the same timeout, and
 * a store failure is the module being unavailable, as it would be over HTTP.
 */
export function localPrivacyModule(engine: () => PrivacyEngine, timeoutMs: number): PrivacyModule {
  return {
    scan: (body) => bounded(() => engine().scan(body), timeoutMs),
    restore: (body) => bounded(() => engine().restore(body), timeoutMs),
  };
}

async function bounded(run: () => Promise<object>, timeoutMs: number): Promise<Record<string, unknown>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GuardCallError('timeout', `no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return (await Promise.race([run(), timeout])) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof GuardCallError) throw error;
    throw new GuardCallError('unavailable', `the local engine failed: ${(error as Error).message}`, undefined, undefined, {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
}
