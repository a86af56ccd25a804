/** Extra HTTP routes a plugin serves next to chat completions (e.g. `GET /v1/models`). */

/**
 * What a route's handler receives: the lower-case request headers and the client's signal. The
 * body is not read.
 * @example
 * const handle = async (request: RouteRequest): Promise<RouteReply> => ({
 *   status: 200,
 *   body: { tenant: request.headers['x-tenant'] ?? 'default' },
 * });
 */
export interface RouteRequest {
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
  /** The values of the route path's `:name` segments (`/v1/responses/:id`: `{ id }`), percent-decoded. */
  readonly params?: Readonly<Record<string, string>>;
}

/**
 * A route's answer; the host writes `body` as JSON.
 * @example
 * const reply: RouteReply = { status: 200, body: { object: 'list', data: [] }, headers: { 'cache-control': 'max-age=60' } };
 */
export interface RouteReply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * An extra HTTP route a plugin declares with `kernel.route` in `apply`, served next to chat completions
 * under the host's prefix. A throw answers with the error envelope (`internal_error` unless a GatewayError).
 * @example
 * kernel.route({
 *   method: 'GET',
 *   path: '/v1/faq/topics',
 *   plugin: PLUGIN_NAME,
 *   handle: async () => ({ status: 200, body: { topics: ['billing'] } }),
 * });
 */
export interface Route {
  readonly method: 'GET' | 'POST';
  /** Path under the mount prefix, e.g. `/v1/models`; a `:name` segment matches any one segment (`request.params`). */
  readonly path: string;
  /** Who serves it, for errors and docs. */
  readonly plugin: string;
  readonly handle: (request: RouteRequest) => Promise<RouteReply>;
}
