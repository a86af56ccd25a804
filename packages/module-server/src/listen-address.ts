/** `host:port` or `[v6]:port`, as the modules are told where to listen. */

/**
 * The host and port of a listen address; port 0 picks a free one.
 * @example
 * splitListen('127.0.0.1:8101'); // ['127.0.0.1', 8101]
 * splitListen('[::1]:0'); // ['::1', 0]
 */
export function splitListen(listen: string): [string, number] {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(listen);
  if (match === null) throw new Error(`listen address must be host:port, not ${JSON.stringify(listen)}`);
  return [match[1] ?? match[2] ?? '127.0.0.1', Number(match[3])];
}
