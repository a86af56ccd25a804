/** The usage engine served over the module contract: `POST /v1/scan` (and `GET /healthz`). */
import { ModuleRequestError, startModuleServer, type ModuleServer, type ModuleServerOptions } from '@sluice/guard-kit';
import { Compile } from 'typebox/compile';
import { UsageScanRequestSchema, type UsageScanRequest } from './contract.js';
import { openUsageEngine } from './engine/open-engine.js';
import { UnknownUsagePolicyError, type UsageEngine } from './engine/usage-engine.js';

const checkRequest = Compile(UsageScanRequestSchema);

export interface UsageGuardServerOptions {
  /** `host:port`; port 0 picks a free one. */
  readonly listen: string;
  /** The key callers send in `x-api-key`; empty: none is asked for. */
  readonly apiKey: string;
  /** A JSON policy file; absent: the built-in policy (allows everything, no quotas). */
  readonly policyFile?: string | undefined;
  /** `redis://…` for counters shared with other modules and gateways; absent: in memory. */
  readonly kvUrl?: string | undefined;
  /** Prefix of counter keys on Redis. Default `sluice:usage:`. */
  readonly keyPrefix?: string | undefined;
  /** Header, whole-request, keep-alive and send timeouts in milliseconds; each left out keeps the module server's default. */
  readonly timeouts?: ModuleServerOptions['timeouts'];
  /** Called with unexpected failures (answered 500), e.g. to log them. */
  readonly onError?: (error: unknown) => void;
}

/**
 * Loads the policy, connects the counters and listens; a bad policy file or an unreachable Redis
 * rejects before anything listens. `close()` stops the server and the counters.
 * @example
 * const server = await startUsageGuardServer({ listen: '127.0.0.1:8103', apiKey: 'k', policyFile: 'usage-policy.json' });
 * // POST http://127.0.0.1:8103/v1/scan with x-api-key: k
 * await server.close();
 */
export async function startUsageGuardServer(options: UsageGuardServerOptions): Promise<ModuleServer> {
  const engine = await openUsageEngine(options);
  let server: ModuleServer;
  try {
    server = await startModuleServer({
      listen: options.listen,
      apiKey: options.apiKey,
      routes: { '/v1/scan': (body) => scan(engine, body) },
      ...(options.onError ? { onError: options.onError } : {}),
      ...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }),
    });
  } catch (error) {
    await engine.close();
    throw error;
  }
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await engine.close();
    },
  };
}

async function scan(engine: UsageEngine, body: Record<string, unknown>) {
  if (!checkRequest.Check(body)) {
    const first = [...checkRequest.Errors(body)].find((e) => e.keyword !== 'boolean');
    const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    throw new ModuleRequestError(422, 'invalid_request', `${path}: ${first?.message ?? 'is invalid'}`);
  }
  try {
    return await engine.evaluate(body as UsageScanRequest);
  } catch (error) {
    if (error instanceof UnknownUsagePolicyError) throw new ModuleRequestError(422, 'unknown_policy', error.message);
    throw error;
  }
}
