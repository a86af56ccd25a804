/** Extra HTTP routes a plugin serves next to chat completions (e.g. `GET /v1/models`). */

export interface RouteRequest {
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
}

export interface RouteReply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Route {
  readonly method: 'GET' | 'POST';
  /** Path under the mount prefix, e.g. `/v1/models`. */
  readonly path: string;
  /** Who serves it, for errors and docs. */
  readonly plugin: string;
  readonly handle: (request: RouteRequest) => Promise<RouteReply>;
}
