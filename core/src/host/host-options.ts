/** Options of the Koa host that serves the pipeline. */
import type { Context } from 'koa';
import type { Exchange } from '../exchange.js';

export interface HostOptions {
  /** Mount prefix, e.g. `/llm`; routes are served under it. Default none. */
  readonly prefix?: string;
  /** Largest accepted request body (max_request_body_bytes). Default 1 MiB. */
  readonly maxBodyBytes: number;
  /** Whether `stream: true` may be accepted (streaming_enabled). Default false. */
  readonly streaming: boolean;
  /** Called with each new exchange before it runs, e.g. to set the tenant from the app's auth. */
  readonly onExchange?: (exchange: Exchange, ctx: Context) => void;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
