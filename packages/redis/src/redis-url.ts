/**
 * The Redis URL forms every store accepts: one server (`redis://`, `rediss://`), or a Redis Cluster named by
 * some of its nodes (`redis+cluster://host:port,host:port,…`, `rediss+cluster://…` over TLS). The cluster
 * form is not a WHATWG URL (a list of hosts), so it is read here, once, for every store.
 */
import { maskUrl } from '@sluice/util';

/**
 * Where a store connects: one server, or a cluster found from its seed nodes.
 * @example
 * const target: RedisTarget = parseRedisUrl('redis+cluster://:pw@10.0.0.1:7000,10.0.0.2:7000');
 * // { cluster: true, tls: false, nodes: ['10.0.0.1:7000', '10.0.0.2:7000'], password: 'pw' }
 */
export type RedisTarget =
  | { readonly cluster: false; readonly url: string }
  | {
      readonly cluster: true;
      readonly tls: boolean;
      /** `host:port` of each seed node; the client discovers the rest of the cluster from any one. */
      readonly nodes: readonly string[];
      readonly username?: string;
      readonly password?: string;
    };

/** `redis+cluster://` or `rediss+cluster://`, a userinfo, then the node list. */
const CLUSTER_URL = /^(rediss?)\+cluster:\/\/(?:([^@/?#]*)@)?([^/?#]+)\/?$/i;
/** One seed node: a host name, IPv4 or bracketed IPv6 address, and an optional port. */
const NODE = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i;

/**
 * Reads a store's Redis URL; throws, with the URL masked, on a form it cannot connect to.
 * @example
 * parseRedisUrl('redis://cache:6379/0'); // { cluster: false, url: 'redis://cache:6379/0' }
 * parseRedisUrl('redis+cluster://a:7000,b:7000,c:7000'); // { cluster: true, tls: false, nodes: ['a:7000', 'b:7000', 'c:7000'] }
 */
export function parseRedisUrl(url: string): RedisTarget {
  if (/^rediss?:\/\//i.test(url)) return { cluster: false, url };
  const match = CLUSTER_URL.exec(url);
  if (match === null) {
    const why = /^rediss?\+cluster:\/\//i.test(url)
      ? 'a cluster has one database, so its URL ends after the node list (no /db, no query)'
      : 'use redis://, rediss://, redis+cluster:// or rediss+cluster://';
    throw new Error(`not a Redis URL: ${redactRedisUrl(url)} (${why})`);
  }
  const [, scheme = 'redis', userinfo, list = ''] = match;
  const nodes = list.split(',').map((node) => {
    const parts = NODE.exec(node.trim());
    if (parts === null) throw new Error(`not a cluster node in ${redactRedisUrl(url)}: "${node}" (host:port)`);
    return `${parts[1]}:${parts[2] ?? '6379'}`;
  });
  return { cluster: true, tls: scheme.toLowerCase() === 'rediss', nodes, ...credentials(userinfo) };
}

/**
 * A URL safe to log, masked as the gateway shows every URL: the password, a user name alone (often a token
 * itself) and secret-looking query values; `fallback` when it is no URL at all. The cluster form is masked too.
 * @example
 * redactRedisUrl('redis://user:secret@cache:6379/0'); // 'redis://user:***@cache:6379/0'
 * redactRedisUrl('redis+cluster://:secret@a:7000,b:7000'); // 'redis+cluster://:***@a:7000,b:7000'
 * redactRedisUrl('not a url', 'the configured URL'); // 'the configured URL'
 */
export function redactRedisUrl(url: string, fallback = 'the configured Redis URL'): string {
  if (URL.canParse(url)) return maskUrl(url);
  return /^rediss?\+cluster:\/\/[^\s]*$/i.test(url) ? maskUrl(url) : fallback;
}

function credentials(userinfo: string | undefined): { username?: string; password?: string } {
  if (userinfo === undefined || userinfo === '') return {};
  // Read as node-redis reads the userinfo of a redis:// URL.
  const colon = userinfo.indexOf(':');
  const username = decodeURIComponent(colon === -1 ? userinfo : userinfo.slice(0, colon));
  const password = colon === -1 ? '' : decodeURIComponent(userinfo.slice(colon + 1));
  return { ...(username === '' ? {} : { username }), ...(password === '' ? {} : { password }) };
}
