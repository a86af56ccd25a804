/**
 * The one path matcher of the host: chat completions, plugin routes and the host's own routes, under
 * a mount prefix. Paths compare as Koa's router compares them (any letter case, one trailing slash
 * allowed, the query ignored); the exact path is looked up first, so the common request costs one
 * map lookup.
 */

/**
 * The chat-completions path, under the mount prefix.
 * @example
 * fetch(`${baseUrl}${CHAT_COMPLETIONS_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
 */
export const CHAT_COMPLETIONS_PATH = '/v1/chat/completions';

/** A request's path as routes are keyed: no query, lower case, no trailing slash (except the root). */
export function routeKey(url: string): string {
  const query = url.indexOf('?');
  let path = (query === -1 ? url : url.slice(0, query)).toLowerCase();
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

/** The path of a request URL, without its query, as a message shows it. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * What route matching answers for a known path asked with a method it is not served by (a 405).
 * @example
 * if (handler.match('GET', '/v1/chat/completions') === WRONG_METHOD) console.log('405');
 */
export const WRONG_METHOD: unique symbol = Symbol('wrong method');

/**
 * The values of a route's `:name` segments in a request path (`/v1/responses/:id` and
 * `/v1/responses/resp_1` give `{ id: 'resp_1' }`), percent-decoded; undefined when the path does not fit.
 * @example
 * routeParams('/v1/responses/:id', '/v1/responses/resp_1?x=1'); // { id: 'resp_1' }
 */
export function routeParams(pattern: string, url: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const have = routeKey(url).split('/');
  const raw = pathOf(url).split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) {
      const value = decodedSegment(raw[i] ?? '');
      if (value === undefined || value === '') return undefined;
      params[segment.slice(1)] = value;
    } else if (segment.toLowerCase() !== have[i]) {
      return undefined;
    }
  }
  return params;
}

function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Routes by method and path. GET routes answer HEAD too, as Koa's do. A path segment `:name` matches any
 * one segment (read it with {@link routeParams}); exact paths are looked up first.
 * @example
 * const table = new RouteTable<string>('/llm');
 * table.add('POST', '/v1/chat/completions', 'chat');
 * table.find('POST', '/llm/v1/chat/completions?x=1'); // 'chat'
 * table.find('GET', '/llm/v1/chat/completions'); // WRONG_METHOD
 * table.find('GET', '/elsewhere'); // undefined
 */
export class RouteTable<R> {
  readonly #exact = new Map<string, Map<string, R>>();
  readonly #keyed = new Map<string, Map<string, R>>();
  /** Paths with `:name` segments, tried in the order added when no exact path matches. */
  readonly #patterns: { path: string; methods: Map<string, R> }[] = [];
  readonly #prefix: string;

  constructor(prefix = '') {
    this.#prefix = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  }

  /** Throws when the method and path are served already. */
  add(method: 'GET' | 'POST', path: string, route: R): void {
    const full = this.#prefix + path;
    if (full.includes('/:')) return this.#addPattern(method, full, route);
    const methods = this.#exact.get(full) ?? new Map<string, R>();
    if (methods.has(method)) throw new Error(`route ${method} ${full} is already served`);
    methods.set(method, route);
    if (method === 'GET') methods.set('HEAD', route);
    this.#exact.set(full, methods);
    const key = routeKey(full);
    const keyed = this.#keyed.get(key) ?? new Map<string, R>();
    for (const [name, value] of methods) if (!keyed.has(name)) keyed.set(name, value);
    this.#keyed.set(key, keyed);
  }

  /** The route; {@link WRONG_METHOD} when routes have this path but none this method; undefined when none has the path. */
  find(method: string | undefined, url: string): R | typeof WRONG_METHOD | undefined {
    const methods =
      this.#exact.get(url) ??
      this.#keyed.get(routeKey(url)) ??
      this.#patterns.find((pattern) => routeParams(pattern.path, url) !== undefined)?.methods;
    if (methods === undefined) return undefined;
    return methods.get(method ?? '') ?? WRONG_METHOD;
  }

  /**
   * The `:name` values of the route added with `path`, in a request URL it matched.
   * @example
   * table.params('/v1/responses/:id', '/llm/v1/responses/resp_1'); // { id: 'resp_1' }
   */
  params(path: string, url: string): Record<string, string> {
    return routeParams(this.#prefix + path, url) ?? {};
  }

  #addPattern(method: 'GET' | 'POST', full: string, route: R): void {
    let pattern = this.#patterns.find((known) => known.path === full);
    if (pattern === undefined) this.#patterns.push((pattern = { path: full, methods: new Map<string, R>() }));
    if (pattern.methods.has(method)) throw new Error(`route ${method} ${full} is already served`);
    pattern.methods.set(method, route);
    if (method === 'GET') pattern.methods.set('HEAD', route);
  }
}
