/**
 * A usage module that misbehaves on purpose (answers 403, garbage, or never), standing in for a
 * third-party module: the plugin must classify each failure, never read one as a decision.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MisbehavingModule {
  readonly url: string;
  /** Requests received so far. */
  readonly calls: () => number;
  close(): Promise<void>;
}

/** `handle` answers each request; a handler that never ends its response makes a module that hangs. */
export async function misbehavingModule(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<MisbehavingModule> {
  let calls = 0;
  const server = createServer((req, res) => {
    calls += 1;
    req.resume();
    req.on('end', () => handle(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers every request with this status and JSON body. */
export function answering(status: number, body: unknown) {
  return (_req: IncomingMessage, res: ServerResponse) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(text);
  };
}
