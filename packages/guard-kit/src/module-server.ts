/**
 * A guard module served over its HTTP contract by the modules' one server (`@sluice/module-server`):
 * JSON objects in by POST, the `x-api-key` checked in constant time, every failure answered in the
 * service envelope `{"error": {"code", "message"}}` with its status.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { serveModule, ServiceHttpError, type ModuleEndpoint, type ModuleRequest } from '@sluice/module-server';

/**
 * A route of a module: the parsed request body (a JSON object) in, the reply body out. Throw a
 * ModuleRequestError for a bad body; any other throw answers 500 and goes to `onError`.
 * @example
 * const scan: ModuleRoute = (body) => {
 *   if (!Array.isArray(body.messages)) throw new ModuleRequestError(422, 'invalid_request', 'messages must be an array.');
 *   return { action: 'allow', findings: [] };
 * };
 */
export type ModuleRoute = (body: Record<string, unknown>) => Promise<unknown> | unknown;

/**
 * A bad request body; the server answers it with `status` (400 or 422) and `code` in the service envelope.
 * @example
 * if (typeof body.tenant_id !== 'string') throw new ModuleRequestError(422, 'invalid_request', 'tenant_id must be a string.');
 */
export class ModuleRequestError extends ServiceHttpError {
  declare readonly status: 400 | 422;

  constructor(status: 400 | 422, code: string, message: string) {
    super(status, code, message);
    this.name = 'ModuleRequestError';
  }
}

/**
 * How a guard module is served.
 * @example
 * const options: ModuleServerOptions = {
 *   listen: '127.0.0.1:8101',
 *   apiKey: process.env.GUARD_API_KEY ?? '',
 *   routes: { '/v1/scan': scan },
 *   onError: (error) => logger.error({ err: error }, 'scan failed'),
 * };
 */
export interface ModuleServerOptions {
  /** `host:port`; port 0 picks a free one. */
  readonly listen: string;
  /** Empty: no key is asked for. */
  readonly apiKey: string;
  /** POST routes by path; `GET /healthz` and `GET /metrics` (refusals and timeouts at the door) are always served. */
  readonly routes: Readonly<Record<string, ModuleRoute>>;
  /** Larger bodies answer 400 `too_large`. Default 4 MiB. */
  readonly maxBodyBytes?: number;
  /** Called with what a route threw, other than a ModuleRequestError, for the module's log. */
  readonly onError?: (error: unknown) => void;
  /**
   * Header, whole-request, keep-alive and send timeouts in milliseconds; each one left out keeps its
   * default (20 s, 60 s, 65 s, 60 s). The time a route takes to answer is not limited by them.
   */
  readonly timeouts?: {
    /** To send a request's headers. */
    readonly headerMs?: number;
    /** To send a whole request, headers and body. */
    readonly requestMs?: number;
    /** Idle time kept between two requests of a connection. */
    readonly keepAliveMs?: number;
    /** For a response write the client does not take to drain. */
    readonly sendMs?: number;
  };
  /** Called with each connection closed by a timeout and the phase it was in, e.g. to count it. */
  readonly onTimeout?: (phase: 'headers' | 'body' | 'send') => void;
  /** Called with each request refused at the door (`unsupported_media_type`), e.g. to count it. */
  readonly onRefused?: (reason: 'unsupported_media_type') => void;
}

/**
 * A running module server.
 * @example
 * const server = await startModuleServer(options);
 * process.once('SIGTERM', () => void server.close());
 */
export interface ModuleServer {
  /** e.g. `http://127.0.0.1:8101`, with the port picked when `listen` asked for 0. */
  readonly url: string;
  /** Stops listening, lets requests in flight finish (new ones answer 503 `unavailable`), then closes every connection. */
  close(): Promise<void>;
}

/**
 * Serves a guard module and resolves once it listens: JSON routes by POST (another Content-Type answers
 * 415), the `x-api-key` checked in constant time, slow and stalled clients closed by the timeouts.
 * @example
 * const server = await startModuleServer({ listen: '127.0.0.1:8101', apiKey: 'k', routes: { '/v1/scan': (body) => engine.scan(body) } });
 */
export async function startModuleServer(options: ModuleServerOptions): Promise<ModuleServer> {
  const key = digest(options.apiKey);
  const endpoints = Object.entries(options.routes).map(([path, route]): ModuleEndpoint => ({
    method: 'POST',
    path,
    handle: async (request) => {
      if (options.apiKey !== '' && !matches(key, request.req.headers['x-api-key'])) {
        throw new ServiceHttpError(401, 'unauthenticated', 'A valid x-api-key is required.');
      }
      return route(await readObject(request));
    },
  }));
  const served = await serveModule({
    name: 'module',
    listen: options.listen,
    endpoints,
    metricNames: {
      refused: 'guard_module_http_requests_refused_total',
      timedOut: 'guard_module_http_connections_timed_out_total',
    },
    maxBodyBytes: options.maxBodyBytes,
    // The guard contract has answered an oversized body 400 since its first version.
    tooLargeStatus: 400,
    timeouts: options.timeouts,
    onError: options.onError,
    onTimeout: options.onTimeout,
    onRefused: options.onRefused,
  });
  return { url: served.url, close: () => served.close() };
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

function matches(expected: Buffer, presented: string | string[] | undefined): boolean {
  return typeof presented === 'string' && timingSafeEqual(expected, digest(presented));
}

async function readObject(request: ModuleRequest): Promise<Record<string, unknown>> {
  const value = await request.readJson();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ModuleRequestError(422, 'invalid_request', 'The body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}
