/** Options of the Koa host that serves the pipeline. */
import type { Context } from 'koa';
import type { Exchange } from '@sluice/core';
import type { StreamingMode } from './live-reply.js';

/**
 * Options of the Koa host; `gatewayMiddleware` and `createGatewayRouter` take
 * them `Partial`, with the defaults below.
 * @example
 * app.use(
 *   gatewayMiddleware(kernel, { prefix: '/llm', streaming: true, onExchange: (exchange, ctx) => (exchange.tenant = ctx.state.user.id) }),
 * );
 */
export interface HostOptions {
  /** Mount prefix, e.g. `/llm`; routes are served under it. Default none. */
  readonly prefix?: string;
  /** Largest accepted request body (max_request_body_bytes). Default 1 MiB. */
  readonly maxBodyBytes: number;
  /** Whether `stream: true` may be accepted (streaming_enabled). Default false. */
  readonly streaming: boolean;
  /** How a streamed request is answered (streaming_mode): `incremental` (default) or `controlled`. */
  readonly streamingMode: StreamingMode;
  /**
   * Called with each new chat exchange and the Koa context before it runs, and before a refused one
   * (a body that fails its checks) is rejected: e.g. to set the tenant from the app's auth, so caches,
   * quotas and evidence are kept per user. A throw fails the request (as `internal_error` unless it is a GatewayError).
   * @example
   * createGatewayRouter(kernel, { prefix: '/llm', onExchange: (exchange, ctx) => (exchange.tenant = ctx.state.user.id) });
   */
  readonly onExchange?: (exchange: Exchange, ctx: Context) => void;
}

/**
 * The host's default request body limit, 1 MiB; a larger body answers 413 `request_too_large`.
 * @example
 * app.use(gatewayMiddleware(kernel, { prefix: '/llm', maxBodyBytes: 4 * DEFAULT_MAX_BODY_BYTES }));
 */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
