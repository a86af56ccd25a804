/**
 * Keeps a Qdrant server's graceful goodbye from crashing the process. When Qdrant stops (or a load balancer
 * in front of it closes an idle connection), it sends an HTTP/2 GOAWAY; the gRPC client's session manager
 * (@connectrpc/connect-node 2.x) destroys that session with an error that Node raises only once the socket
 * has closed, and if the manager has moved on to a new session by then, no listener is left and the error
 * is an uncaught exception (connect-es issue #1768, fix proposed in #1769). The client creates its
 * sessions itself, so each session opened to a Qdrant origin gets one more error listener here: every
 * error is still seen by the manager and by the calls on that session while they listen; this one only
 * takes what would otherwise have nobody to take it.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import type * as Http2 from 'node:http2';

const http2 = createRequire(import.meta.url)('node:http2') as typeof Http2;
const guarded = new Set<string>();
let installed = false;

/**
 * Guards every HTTP/2 session the process opens to `url`'s origin from now on.
 * @example
 * guardQdrantSessions('http://127.0.0.1:6334');
 */
export function guardQdrantSessions(url: string): void {
  guarded.add(new URL(url).origin);
  if (installed) return;
  installed = true;
  const connect = http2.connect;
  http2.connect = function guardedConnect(this: unknown, ...args: Parameters<typeof connect>) {
    const session = connect.apply(this, args);
    if (guarded.has(originOf(args[0]))) session.on('error', leftWithNoListener);
    return session;
  } as typeof connect;
  // `import * as http2 from 'node:http2'` (how the client reads it) sees the change only after this.
  syncBuiltinESMExports();
}

function originOf(authority: unknown): string {
  try {
    return new URL(String(authority)).origin;
  } catch {
    return '';
  }
}

/** The session is already destroyed and its calls failed with their own errors: nothing is left to do. */
function leftWithNoListener(): void {}
