/**
 * The host's one request handler, framework-free: it counts requests in flight, refuses new ones while
 * draining, matches routes (chat completions, the routes plugins declare, the host's own) and answers
 * whatever fails with the error envelope, never a stack trace. The gateway serves it on node:http;
 * the Koa middleware is an adapter over it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Exchange, GatewayError, errorsCounter, toGatewayError, type Kernel, type Route } from '@sluice/core';
import { serveChatCompletion, type ChatHandlerOptions } from './chat-handler.js';
import { clientSignal, lowerCaseHeaders } from './client.js';
import { replyGatewayError, replyJsonBody } from './host-reply.js';
import { InFlight } from './in-flight.js';
import type { StreamingMode } from './live-reply.js';
import { isJsonContentType, notJsonMessage } from './http-hygiene.js';
import { pathOf, RouteTable, WRONG_METHOD } from './route-table.js';
import { chatCodec, ENDPOINT_CODECS, type EndpointCodec } from '@sluice/wire';

/**
 * A route of the host itself (a probe, `/metrics`, a page), served under the same prefix, and also
 * while the host drains: a load balancer must still read `/readyz` then.
 * @example
 * const healthz: HostRoute = { path: '/healthz', serve: (req, res) => replyText(res, 200, 'ok') };
 */
export interface HostRoute {
  /** Served on GET (and HEAD). */
  readonly path: string;
  /** Writes the whole response; a throw answers with the error envelope. */
  readonly serve: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
  /** Read per request: while it answers false the path is not served (a page turned off by config). */
  readonly enabled?: () => boolean;
}

/**
 * What a {@link RequestHandler} serves, and for whom; `C` is the context the requests are served with
 * (the Koa context when mounted in Koa).
 * @example
 * const options: RequestHandlerOptions = { kernel, maxBodyBytes: 1 << 20, streaming: false };
 */
export interface RequestHandlerOptions<C = undefined> {
  readonly kernel: Kernel;
  /** Largest accepted chat request body (max_request_body_bytes). */
  readonly maxBodyBytes: number;
  /** Whether `stream: true` may be accepted (streaming_enabled). */
  readonly streaming: boolean;
  /** How a streamed request is answered (streaming_mode). Default `incremental`. */
  readonly streamingMode?: StreamingMode | undefined;
  /** Mount prefix, e.g. `/llm`; every route is served under it. Default none. */
  readonly prefix?: string | undefined;
  /** The host's own routes, next to chat completions and the kernel's routes. */
  readonly hostRoutes?: readonly HostRoute[] | undefined;
  /**
   * Called with each new chat exchange and the context the request was served with, before it runs
   * (see {@link ChatHandlerOptions.onExchange}).
   */
  readonly onExchange?: ((exchange: Exchange, context: C) => void) | undefined;
  /** Told as each request starts and ends, e.g. a gauge of requests in flight. */
  readonly inFlightGauge?: { inc(): void; dec(): void } | undefined;
  /** The model endpoints served through the kernel. Default all of `@sluice/wire`'s. */
  readonly endpoints?: readonly EndpointCodec[] | undefined;
}

/**
 * Where a request goes: chat completions, a plugin's route or one of the host's own.
 * @example
 * const match = handler.match('GET', '/v1/models');
 * if (match !== undefined && match !== WRONG_METHOD && match.kind === 'plugin') console.log(match.route.plugin);
 */
export type RouteTarget =
  | { readonly kind: 'model'; readonly codec: EndpointCodec }
  | { readonly kind: 'plugin'; readonly route: Route }
  | { readonly kind: 'host'; readonly route: HostRoute };

/**
 * A request's route, from {@link RequestHandler.match}: its target, or {@link WRONG_METHOD} for a known
 * path asked with another method (a 405).
 * @example
 * const match: RequestMatch | undefined = handler.match(req.method, req.url);
 */
export type RequestMatch = RouteTarget | typeof WRONG_METHOD;

/**
 * Serves the pipeline of one kernel over HTTP, on node:http or through the Koa adapter; one per kernel
 * (a gateway reload makes a new one and waits for the old one to be idle).
 * @example
 * const handler = new RequestHandler({ kernel, maxBodyBytes: 1 << 20, streaming: false });
 * createServer((req, res) => void handler.serve(req, res)).listen(8080, '127.0.0.1');
 * // on SIGTERM: handler.drain(); await handler.idle(10_000);
 */
export class RequestHandler<C = undefined> {
  readonly #kernel: Kernel;
  readonly #routes: RouteTable<RouteTarget>;
  readonly #chat: ChatHandlerOptions;
  readonly #onExchange: RequestHandlerOptions<C>['onExchange'];
  readonly #gauge: RequestHandlerOptions<C>['inFlightGauge'];
  readonly #errors: ReturnType<typeof errorsCounter>;
  readonly #inFlight = new InFlight();
  #draining = false;

  /** Plugins must have declared their routes by now: the routes are read once. */
  constructor(options: RequestHandlerOptions<C>) {
    this.#kernel = options.kernel;
    this.#onExchange = options.onExchange;
    this.#gauge = options.inFlightGauge;
    this.#chat = {
      maxBodyBytes: options.maxBodyBytes,
      streaming: options.streaming,
      streamingMode: options.streamingMode,
    };
    this.#errors = errorsCounter(options.kernel.metrics);
    this.#routes = new RouteTable<RouteTarget>(options.prefix ?? '');
    for (const codec of options.endpoints ?? ENDPOINT_CODECS)
      this.#routes.add('POST', codec.path, Object.freeze({ kind: 'model', codec }));
    for (const route of options.kernel.routes) this.#routes.add(route.method, route.path, { kind: 'plugin', route });
    for (const route of options.hostRoutes ?? []) this.#routes.add('GET', route.path, { kind: 'host', route });
  }

  /** Requests being served now. */
  get inFlight(): number {
    return this.#inFlight.count;
  }

  get draining(): boolean {
    return this.#draining;
  }

  /**
   * From now on, new requests are answered 503 `shutting_down` (a chat request with its trace) and every
   * response closes its connection; the host's own routes are still served. Requests in flight finish.
   */
  drain(): void {
    this.#draining = true;
  }

  /** Resolves true once no request is in flight, or false when `timeoutMs` passes first. */
  idle(timeoutMs: number): Promise<boolean> {
    return this.#inFlight.idle(timeoutMs);
  }

  /** The route a request goes to; undefined when the path is none of the host's. */
  match(method: string | undefined, url: string | undefined): RequestMatch | undefined {
    return this.#routes.find(method, url ?? '/');
  }

  /**
   * Serves a request to its end, a path none of the host's included (404); never throws.
   * @example
   * createServer((req, res) => void handler.serve(req, res));
   */
  serve(req: IncomingMessage, res: ServerResponse, context?: C): Promise<void> {
    return this.serveMatch(this.match(req.method, req.url), req, res, context as C);
  }

  /** Serves a request with the route {@link match} found for it (undefined: a 404); never throws. */
  async serveMatch(match: RequestMatch | undefined, req: IncomingMessage, res: ServerResponse, context: C): Promise<void> {
    this.#inFlight.start();
    this.#gauge?.inc();
    try {
      if (this.#draining) res.setHeader('connection', 'close');
      if (match !== undefined && match !== WRONG_METHOD && match.kind === 'host' && match.route.enabled?.() !== false) {
        await match.route.serve(req, res);
      } else if (this.#draining) {
        this.#refuseWhileDraining(match, res);
      } else if (match === WRONG_METHOD) {
        const path = pathOf(req.url ?? '/');
        replyGatewayError(res, new GatewayError('method_not_allowed', { message: `${req.method} is not allowed on ${path}.` }));
      } else if (match?.kind === 'model') {
        await serveChatCompletion(this.#kernel, this.#chatOptions(context, match.codec), req, res);
      } else if (match?.kind === 'plugin') {
        await this.#servePluginRoute(match.route, req, res);
      } else {
        const path = pathOf(req.url ?? '/');
        replyGatewayError(res, new GatewayError('not_found', { message: `No route for ${req.method} ${path}.` }));
      }
    } catch (error) {
      const failure = toGatewayError(error);
      if (failure.code === 'internal_error')
        this.#kernel.logger.error({ err: error, path: pathOf(req.url ?? '/') }, 'request failed');
      if (!res.headersSent) replyGatewayError(res, failure);
      else res.destroy();
    } finally {
      this.#inFlight.end();
      this.#gauge?.dec();
    }
  }

  #chatOptions(context: C, codec: EndpointCodec): ChatHandlerOptions {
    const onExchange = this.#onExchange;
    const options = codec === chatCodec ? this.#chat : { ...this.#chat, codec };
    if (onExchange === undefined) return options;
    return { ...options, onExchange: (exchange) => onExchange(exchange, context) };
  }

  async #servePluginRoute(route: Route, req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      // A POST a page could send without a CORS preflight (no type, a form type) never reaches a plugin.
      const type = req.headers['content-type'];
      if (route.method === 'POST' && !isJsonContentType(type)) {
        throw new GatewayError('unsupported_media_type', { message: notJsonMessage(type) });
      }
      const reply = await this.#kernel.serveRoute(route, {
        headers: lowerCaseHeaders(req.headers),
        signal: clientSignal(res),
        ...(route.path.includes('/:') ? { params: this.#routes.params(route.path, req.url ?? '/') } : {}),
      });
      replyJsonBody(res, reply.status, reply.body, reply.headers);
    } catch (error) {
      const failure = toGatewayError(error);
      if (failure.code === 'internal_error') this.#kernel.logger.error({ err: error, route: route.path }, 'route failed');
      this.#errors.inc({ class: failure.code });
      replyGatewayError(res, failure);
    }
  }

  /**
   * A chat request refused while draining still gets its trace: `request.received` and one
   * `request.failed` (shutting_down), counted like any failed request, with its trace id header.
   */
  #refuseWhileDraining(match: RequestMatch | undefined, res: ServerResponse): void {
    const error = new GatewayError('shutting_down');
    if (match === undefined || match === WRONG_METHOD || match.kind !== 'model') return replyGatewayError(res, error);
    const exchange = new Exchange({
      request: { model: '', messages: [] },
      endpoint: match.codec.endpoint,
      mode: this.#kernel.mode,
    });
    this.#kernel.reject(exchange, error);
    replyGatewayError(res, error, { 'x-sluice-trace-id': exchange.traceId });
  }
}
