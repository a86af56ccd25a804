/**
 * A security guard module that answers as a test scripts it (any status, any body, or never), and
 * records what the gateway sent: the misbehaving peer the fault tests need.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  status?: number;
  /** A value is sent as JSON; a string as is. */
  body?: unknown;
  /** Never answer (the connection stays open until the server closes). */
  hang?: boolean;
}

export interface SeenRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A fixed reply, or one chosen from the request body (e.g. fail only response scans). */
export type Script = ScriptedReply | ((body: unknown) => ScriptedReply);

export interface ScriptedModule {
  url: string;
  seen: SeenRequest[];
  reply(next: Script): void;
  close(): Promise<void>;
}

export async function startScriptedModule(initial: Script = { body: { allowed: true } }): Promise<ScriptedModule> {
  let script = initial;
  const seen: SeenRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body: unknown = text === '' ? undefined : JSON.parse(text);
      seen.push({ path: req.url ?? '', headers: req.headers, body });
      const next = typeof script === 'function' ? script(body) : script;
      if (next.hang) return;
      const payload = typeof next.body === 'string' ? next.body : JSON.stringify(next.body ?? {});
      res.writeHead(next.status ?? 200, { 'content-type': 'application/json' });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    reply(next) {
      script = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
