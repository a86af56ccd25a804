/** URLs as the start-up summary shows them: never a password, a user name or a query string. */

/**
 * The URL without its userinfo (shown as `***@`), query and fragment; with `path: false`, scheme and host only
 * (for directives declared secret, whose path may carry a token).
 * @example
 * displayUrl('redis://:hunter2@cache:6379/0'); // 'redis://***@cache:6379/0'
 * displayUrl('https://hooks.example/t/abc?key=1', { path: false }); // 'https://hooks.example'
 */
export function displayUrl(text: string, options: { readonly path?: boolean } = {}): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // A Redis Cluster URL names several hosts, which no URL parser reads: show its scheme and hosts alone.
    const cluster = /^(rediss?\+cluster:\/\/)(?:[^@/?#]*@)?([^@/?#\s]+)/i.exec(text);
    if (cluster !== null) return `${cluster[1]}${text.slice(cluster[1]!.length).includes('@') ? '***@' : ''}${cluster[2]}`;
    // Not a URL this parser reads: showing it could show a secret, so show nothing of it.
    return '(unparsable URL)';
  }
  const userinfo = url.username !== '' || url.password !== '' ? '***@' : '';
  const path = options.path === false || url.pathname === '/' ? '' : url.pathname;
  return `${url.protocol}//${userinfo}${url.host}${path}`;
}
