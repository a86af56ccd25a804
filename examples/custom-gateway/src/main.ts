/** A gateway composed in code: the gateway preset, plus the tenant-from-JWT plugin. */
import { Gateway } from '@sluice/gateway';
import type { Logger } from 'pino';
import { gatewayOptions } from './gateway-options.js';
import { TenantFromJwtPlugin } from './tenant-from-jwt.js';

export interface CustomGatewayOptions {
  /** The provider's OpenAI-compatible base URL, e.g. `https://api.openai.com/v1`. */
  readonly upstreamBaseUrl: string;
  /** The provider key; absent: no Authorization header upstream. */
  readonly upstreamApiKey?: string;
  /** The HS256 secret client tokens are signed with (at least 32 bytes). */
  readonly jwtSecret: string;
  /** `host:port`; default `127.0.0.1:8080`. Port 0 picks a free one. */
  readonly listen?: string;
  /** Default: pino at the options' `logLevel`. */
  readonly logger?: Logger;
}

export interface CustomGateway {
  readonly gateway: Gateway;
  /** The base URL it listens on, e.g. `http://127.0.0.1:8080`; clients use `${url}/v1`. */
  readonly url: string;
  /** Drains in-flight requests, then stops the plugins. */
  close(): Promise<void>;
}

/**
 * @example
 * const { url, close } = await startCustomGateway({ upstreamBaseUrl: 'https://api.openai.com/v1', jwtSecret });
 */
export async function startCustomGateway(options: CustomGatewayOptions): Promise<CustomGateway> {
  // #region compose
  const gateway = await Gateway.create(gatewayOptions(options), {
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    // A factory, not an instance: every runtime the gateway builds gets its own plugin.
    plugins: [() => new TenantFromJwtPlugin({ secret: options.jwtSecret, tenantClaim: 'tenant' })],
  });
  const { url } = await gateway.listen(options.listen ?? '127.0.0.1:8080');
  // #endregion compose
  return { gateway, url, close: () => gateway.shutdown() };
}
