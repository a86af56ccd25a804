/**
 * A guard module served over its HTTP contract on node:http: JSON in and out, the key checked in constant
 * time, and every failure answered `{"error": {"code", "message"}}` with its status, never a stack trace.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyServerTimeouts, DEFAULT_SERVER_TIMEOUTS, isJsonContentType, notJsonMessage } from '@sluice/host';
import { httpHygieneMetrics, replyMetrics } from '@sluice/host';
import { Metrics } from '@sluice/core';

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
 * A bad request body; the server answers it with `status` (400 or 422) and `code`.
 * @example
 * if (typeof body.tenant_id !== 'string') throw new ModuleRequestError(422, 'invalid_request', 'tenant_id must be a string.');
 */
export class ModuleRequestError extends Error {
  constructor(
    readonly status: 400 | 422,
    readonly code: string,
    message: string,
  ) {
    super(message);
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
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/**
 * Serves a guard module on node:http and resolves once it listens: JSON routes by POST (another
 * Content-Type answers 415), the `x-api-key` checked in constant time, every failure answered
 * `{"error": {"code", "message"}}`, slow and stalled clients closed by the timeouts.
 * @example
 * const server = await startModuleServer({ listen: '127.0.0.1:8101', apiKey: 'k', routes: { '/v1/scan': (body) => engine.scan(body) } });
 */
export async function startModuleServer(options: ModuleServerOptions): Promise<ModuleServer> {
  const key = digest(options.apiKey);
  const limit = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const server = createServer((req, res) => void handle(req, res));
  const metrics = new Metrics();
  const hygiene = httpHygieneMetrics(metrics, {
    refused: 'guard_module_http_requests_refused_total',
    timedOut: 'guard_module_http_connections_timed_out_total',
  });
  applyServerTimeouts(server, { ...DEFAULT_SERVER_TIMEOUTS, ...options.timeouts }, (phase) => {
    hygiene.timedOut.inc({ phase });
    options.onTimeout?.(phase);
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const route = options.routes[(req.url ?? '').split('?')[0] ?? ''];
      if (req.method === 'GET' && req.url === '/healthz') return reply(res, 200, { status: 'ok' });
      if (req.method === 'GET' && req.url === '/metrics') return replyMetrics(res, metrics);
      if (route === undefined) return reply(res, 404, error('not_found', 'No such route.'));
      if (req.method !== 'POST') return reply(res, 405, error('method_not_allowed', 'Use POST.'));
      if (options.apiKey !== '' && !matches(key, req.headers['x-api-key'])) {
        return reply(res, 401, error('unauthenticated', 'A valid x-api-key is required.'));
      }
      // Only JSON: a web page can post a form or text/plain to a module on localhost without a CORS preflight.
      const type = req.headers['content-type'];
      if (!isJsonContentType(type)) {
        hygiene.refused.inc({ reason: 'unsupported_media_type' });
        options.onRefused?.('unsupported_media_type');
        return reply(res, 415, error('unsupported_media_type', notJsonMessage(type)));
      }
      const body = await readObject(req, limit);
      return reply(res, 200, await route(body));
    } catch (failure) {
      if (failure instanceof ModuleRequestError) return reply(res, failure.status, error(failure.code, failure.message));
      options.onError?.(failure);
      return reply(res, 500, error('internal', 'The module failed to handle the request.'));
    }
  };
  const [host, port] = splitListen(options.listen);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

function matches(expected: Buffer, presented: string | string[] | undefined): boolean {
  return typeof presented === 'string' && timingSafeEqual(expected, digest(presented));
}

function error(code: string, message: string) {
  return { error: { code, message } };
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readObject(req: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new ModuleRequestError(400, 'too_large', `The body is larger than ${limit} bytes.`);
    chunks.push(chunk);
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ModuleRequestError(400, 'invalid_json', 'The body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ModuleRequestError(422, 'invalid_request', 'The body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}

function splitListen(listen: string): [string, number] {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(listen);
  if (match === null) throw new Error(`listen address must be host:port, not ${JSON.stringify(listen)}`);
  return [match[1] ?? match[2] ?? '127.0.0.1', Number(match[3])];
}
