/**
 * The privacy guard module over HTTP: `POST /v1/scan` and `POST /v1/restore` on the contract, served by
 * the engine, the key checked by core's module server. `sluice guard privacy` runs this.
 */
import { ModuleRequestError, startModuleServer, type ModuleServer, type ModuleServerOptions } from '@sluice/guard-kit';
import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import { RestoreRequestSchema, ScanRequestSchema } from './contract.js';
import { openPrivacyEngine } from './engine/open-engine.js';
import type { StoreLogger } from './engine/redis-mapping-store.js';

export interface PrivacyGuardServerOptions {
  /** `host:port`; port 0 picks a free one. */
  readonly listen: string;
  /** Empty: no key is asked for. */
  readonly apiKey: string;
  /** JSON policy file (see docs/reference/guards/privacy.md). */
  readonly policyFile?: string | undefined;
  /** `redis://…` for the mappings; absent: in memory (one module process only). */
  readonly kvUrl?: string | undefined;
  /** Default `sluice:privacy:`. */
  readonly kvKeyPrefix?: string | undefined;
  /** How long a mapping can be restored. Default 3600. */
  readonly mappingTtlSeconds?: number | undefined;
  /** Header, whole-request, keep-alive and send timeouts in milliseconds; each left out keeps the module server's default. */
  readonly timeouts?: ModuleServerOptions['timeouts'];
  readonly logger?: (StoreLogger & { error(details: object, message: string): void }) | undefined;
}

/**
 * @example
 * const server = await startPrivacyGuardServer({ listen: '127.0.0.1:8102', apiKey: process.env.PRIVACY_KEY ?? '' });
 * // POST {server.url}/v1/scan, /v1/restore
 * await server.close();
 */
export async function startPrivacyGuardServer(options: PrivacyGuardServerOptions): Promise<ModuleServer> {
  const engine = await openPrivacyEngine({
    kvUrl: options.kvUrl,
    kvKeyPrefix: options.kvKeyPrefix,
    mappingTtlSeconds: options.mappingTtlSeconds,
    policyFile: options.policyFile,
    logger: options.logger,
  });
  let server: ModuleServer;
  try {
    server = await startModuleServer({
      listen: options.listen,
      apiKey: options.apiKey,
      ...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }),
      routes: {
        '/v1/scan': (body) => engine.scan(checked(ScanRequestSchema, body)),
        '/v1/restore': (body) => engine.restore(checked(RestoreRequestSchema, body)),
      },
      // Only the error's message: engine and store errors never carry prompt text or values.
      onError: (error) => options.logger?.error({ reason: (error as Error).message }, 'privacy guard request failed'),
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

/** The body as the schema's type, or a 422 naming the first bad field (never its value). */
function checked<S extends TSchema>(schema: S, body: Record<string, unknown>): Static<S> {
  if (Value.Check(schema, body)) return body;
  const first = [...Value.Errors(schema, body)][0];
  throw new ModuleRequestError(422, 'invalid_request', `${first?.instancePath || '/'} ${first?.message ?? 'is invalid'}`);
}
