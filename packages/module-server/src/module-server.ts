/**
 * The one small HTTP server of the sluice modules (the guard modules, the audit module) on node:http:
 * routes by method and path, bounded JSON bodies, the connection timeouts, `GET /healthz`, `GET /metrics`
 * with the refusals and timeouts, a drain on stop, and every failure answered in the service envelope,
 * never with a stack trace.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Metrics } from '@sluice/core';
import {
  applyServerTimeouts,
  DEFAULT_SERVER_TIMEOUTS,
  httpHygieneMetrics,
  InFlight,
  replyMetrics,
  type ConnectionTimeoutPhase,
  type ServerTimeouts,
} from '@sluice/host';
import { splitListen } from './listen-address.js';
import { replyJson, replyServiceError } from './module-reply.js';
import { moduleRequest, type BodyRules, type ModuleRequest } from './module-request.js';
import { ServiceHttpError } from './service-error.js';

/**
 * A route of a module. The handler returns the body to answer 200 with, or undefined when it wrote the
 * response itself; a ServiceHttpError it throws is answered with its status and envelope, anything else
 * with a 500 `internal` (and goes to `onError`).
 * @example
 * const scan: ModuleEndpoint = { method: 'POST', path: '/v1/scan', handle: async (request) => engine.scan(await request.readJson()) };
 */
export interface ModuleEndpoint {
  readonly method: 'GET' | 'POST';
  /** The path, or a pattern of the whole path whose groups the handler gets as `params`. */
  readonly path: string | RegExp;
  readonly handle: (request: ModuleRequest) => unknown;
}

/**
 * How a module is served.
 * @example
 * const options: ServeModuleOptions = {
 *   name: 'module',
 *   listen: '127.0.0.1:8101',
 *   endpoints: [scan],
 *   metricNames: { refused: 'guard_module_http_requests_refused_total', timedOut: 'guard_module_http_connections_timed_out_total' },
 * };
 */
export interface ServeModuleOptions {
  /** Who answers, in the 500 and 503 messages: `The ${name} failed to handle the request.` */
  readonly name: string;
  /** `host:port`; port 0 picks a free one. */
  readonly listen: string;
  /** Next to `GET /healthz` and `GET /metrics`, which every module serves without a key. */
  readonly endpoints: readonly ModuleEndpoint[];
  /** The names of the module's counters of refusals and timeouts, written out whole. */
  readonly metricNames: { readonly refused: string; readonly timedOut: string };
  /** Larger bodies are refused unread. Default 4 MiB. */
  readonly maxBodyBytes?: number | undefined;
  /** The status of a body over the limit, code `too_large`. Default 413. */
  readonly tooLargeStatus?: 400 | 413;
  /** Each one left out keeps its default (20 s headers, 60 s request, 65 s keep-alive, 60 s send). */
  readonly timeouts?: Partial<ServerTimeouts> | undefined;
  /** How long `close()` lets requests in flight finish before it closes their connections. Default 10 s. */
  readonly drainTimeoutMs?: number;
  /** Told of what a route threw other than a ServiceHttpError (answered 500), for the module's log. */
  readonly onError?: ((error: unknown) => void) | undefined;
  /** Told of each connection closed by a timeout and the phase it was in. */
  readonly onTimeout?: ((phase: ConnectionTimeoutPhase) => void) | undefined;
  /** Told of each request refused at the door. */
  readonly onRefused?: ((reason: 'unsupported_media_type') => void) | undefined;
}

/**
 * A module that listens.
 * @example
 * const module = await serveModule(options);
 * process.once('SIGTERM', () => void module.close());
 */
export interface ServedModule {
  /** e.g. `http://127.0.0.1:8101`, with the port picked when `listen` asked for 0. */
  readonly url: string;
  /** True once `close()` has begun: a long answer (an export) stops early. */
  readonly closing: boolean;
  /** Stops listening, answers new requests 503 `unavailable`, lets those in flight finish, then closes every connection. */
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Serves a module on node:http and resolves once it listens.
 * @example
 * const module = await serveModule({
 *   name: 'module',
 *   listen: '127.0.0.1:0',
 *   endpoints: [{ method: 'POST', path: '/v1/scan', handle: async (request) => scan(await request.readJson()) }],
 *   metricNames: { refused: 'guard_module_http_requests_refused_total', timedOut: 'guard_module_http_connections_timed_out_total' },
 * });
 */
export async function serveModule(options: ServeModuleOptions): Promise<ServedModule> {
  const metrics = new Metrics();
  const hygiene = httpHygieneMetrics(metrics, options.metricNames);
  const rules: BodyRules = {
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    tooLargeStatus: options.tooLargeStatus ?? 413,
    onRefused: () => {
      hygiene.refused.inc({ reason: 'unsupported_media_type' });
      options.onRefused?.('unsupported_media_type');
    },
  };
  const endpoints: readonly ModuleEndpoint[] = [
    { method: 'GET', path: '/healthz', handle: () => ({ status: 'ok' }) },
    // Counts only (refusals and timeouts at the door): no key asked, as the gateway's /metrics.
    { method: 'GET', path: '/metrics', handle: ({ res }) => replyMetrics(res, metrics) },
    ...options.endpoints,
  ];
  let closing = false;
  const inFlight = new InFlight();

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (closing) {
      res.setHeader('connection', 'close');
      throw new ServiceHttpError(503, 'unavailable', `The ${options.name} is shutting down.`);
    }
    const url = new URL(req.url ?? '/', 'http://module.invalid');
    const found = route(endpoints, req.method, url.pathname);
    const reply = await found.endpoint.handle(moduleRequest(req, res, url, found.params, rules));
    if (reply !== undefined) replyJson(res, 200, reply);
  };

  const server = createServer((req, res) => {
    inFlight.start();
    // A request counts until its response is out or its client is gone, so a drain never cuts one short.
    res.once('close', () => inFlight.end());
    answer(req, res).catch((failure: unknown) => {
      if (failure instanceof ServiceHttpError) return replyServiceError(res, failure);
      options.onError?.(failure);
      replyServiceError(res, new ServiceHttpError(500, 'internal', `The ${options.name} failed to handle the request.`));
    });
  });
  // Slow senders and readers that never take their answer cannot hold connections and buffers.
  applyServerTimeouts(server, { ...DEFAULT_SERVER_TIMEOUTS, ...options.timeouts }, (phase) => {
    hygiene.timedOut.inc({ phase });
    options.onTimeout?.(phase);
  });
  const [host, port] = splitListen(options.listen);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closed: Promise<void> | undefined;
  const drain = async (): Promise<void> => {
    closing = true;
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await inFlight.idle(options.drainTimeoutMs ?? 10_000);
    server.closeAllConnections();
    await stopped;
  };
  return {
    url: `http://${shownHost}:${address.port}`,
    get closing() {
      return closing;
    },
    close: () => (closed ??= drain()),
  };
}

/** The endpoint of a method and path: a 404 when no endpoint has the path, a 405 naming the method that has. */
function route(
  endpoints: readonly ModuleEndpoint[],
  method: string | undefined,
  path: string,
): { endpoint: ModuleEndpoint; params: readonly string[] } {
  let allowed: string | undefined;
  for (const endpoint of endpoints) {
    const params = matchPath(endpoint.path, path);
    if (params === undefined) continue;
    if (endpoint.method === method) return { endpoint, params };
    allowed ??= endpoint.method;
  }
  if (allowed !== undefined) throw new ServiceHttpError(405, 'method_not_allowed', `Use ${allowed}.`);
  throw new ServiceHttpError(404, 'not_found', 'No such route.');
}

function matchPath(pattern: string | RegExp, path: string): readonly string[] | undefined {
  if (typeof pattern === 'string') return pattern === path ? [] : undefined;
  const match = pattern.exec(path);
  return match !== null && match.index === 0 && match[0].length === path.length ? match.slice(1) : undefined;
}
