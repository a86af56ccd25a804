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
 * Routes by method and path. GET routes answer HEAD too, as Koa's do.
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
  readonly #prefix: string;

  constructor(prefix = '') {
    this.#prefix = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  }

  /** Throws when the method and path are served already. */
  add(method: 'GET' | 'POST', path: string, route: R): void {
    const full = this.#prefix + path;
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
    const methods = this.#exact.get(url) ?? this.#keyed.get(routeKey(url));
    if (methods === undefined) return undefined;
    return methods.get(method ?? '') ?? WRONG_METHOD;
  }
}
