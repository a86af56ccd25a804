/**
 * A proxy in front of a real guard module, for the gateway's guard suites: it records every call (route
 * and body) and, per route, forwards it (to any module), holds it without answering (a module too slow for
 * the gateway's timeout), or answers garbage (a 200 that is not JSON).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyRoute =
  { readonly kind: 'forward'; readonly to: string } | { readonly kind: 'stall' } | { readonly kind: 'garbage' };

export interface ProxiedCall {
  /** `/v1/scan`, `/v1/restore`. */
  readonly path: string;
  /** The JSON the gateway sent. */
  readonly body: unknown;
}

export interface ModuleProxy {
  readonly url: string;
  /** Every call received, in order. */
  readonly calls: ProxiedCall[];
  /** How each route is answered from now on. */
  route(choose: (path: string) => ProxyRoute): void;
  close(): Promise<void>;
}

/**
 * Starts forwarding every route to `target` (a module's base URL). With `journal`, each call is also
 * noted there as `<name> <route>`, so several proxies give one order of calls.
 */
export async function startModuleProxy(target: string, journal?: { name: string; log: string[] }): Promise<ModuleProxy> {
  const calls: ProxiedCall[] = [];
  let choose: (path: string) => ProxyRoute = () => ({ kind: 'forward', to: target });
  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const path = (req.url ?? '/').split('?')[0]!;
    calls.push({ path, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown });
    journal?.log.push(`${journal.name} ${path}`);
    const route = choose(path);
    if (route.kind === 'stall') return;
    if (route.kind === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end('<html><body>502 Bad Gateway</body></html>');
    }
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const key = req.headers['x-api-key'];
    if (typeof key === 'string') headers['x-api-key'] = key;
    const answer = await fetch(`${route.to}${path}`, { method: req.method ?? 'POST', headers, body: Buffer.concat(chunks) });
    const text = await answer.text();
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(text);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    route(next) {
      choose = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
