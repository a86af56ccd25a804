/**
 * What every sluice HTTP server does at the door: JSON bodies only (a browser cannot send one across
 * sites without a CORS preflight), and bounded time for a client to send its request and to take its
 * response, so slow or stalled peers cannot hold connections and buffers.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json[ \t]*(?:;|$)/i;

/**
 * Whether a Content-Type header names JSON: `application/json` or a `+json` type, with any parameters,
 * in any case. A missing header is not JSON: the types a page may send without a preflight
 * (`text/plain`, forms) and no type at all are exactly what cross-site requests carry.
 * @example
 * isJsonContentType('application/json; charset=utf-8'); // true
 * isJsonContentType('text/plain'); // false
 * isJsonContentType(undefined); // false
 */
export function isJsonContentType(value: string | readonly string[] | undefined): boolean {
  return typeof value === 'string' && JSON_MEDIA_TYPE.test(value.trimStart());
}

/**
 * The content type as a client sent it, cut short and quoted, for a refusal's message; `missing` when
 * there is none. Cut short because the header is the client's text and must not make the answer long.
 * @example
 * describeContentType('text/plain'); // '"text/plain"'
 * describeContentType(undefined); // 'missing'
 */
export function describeContentType(value: string | readonly string[] | undefined): string {
  return typeof value === 'string' && value.trim() !== '' ? JSON.stringify(value.trim().slice(0, 64)) : 'missing';
}

/**
 * The sentence a 415 answers with, naming what was sent.
 * @example
 * notJsonMessage('text/plain'); // 'Content-Type must be application/json, not "text/plain".'
 * notJsonMessage(undefined); // 'Content-Type must be application/json; the request has none.'
 */
export function notJsonMessage(value: string | readonly string[] | undefined): string {
  const shown = describeContentType(value);
  return shown === 'missing'
    ? 'Content-Type must be application/json; the request has none.'
    : `Content-Type must be application/json, not ${shown}.`;
}

/**
 * How long a client may take, in milliseconds; 0 turns a limit off.
 * @example
 * const timeouts: ServerTimeouts = { headerMs: 20_000, requestMs: 60_000, keepAliveMs: 65_000, sendMs: 60_000 };
 */
export interface ServerTimeouts {
  /** To send a request's headers, from its first byte (Node's `headersTimeout`). */
  readonly headerMs: number;
  /**
   * To send a whole request, headers and body (Node's `requestTimeout`). Only the receiving: the time the
   * server takes to answer (an upstream call) does not count.
   */
  readonly requestMs: number;
  /** Idle time kept between two requests of a connection (Node's `keepAliveTimeout`). */
  readonly keepAliveMs: number;
  /**
   * For a response write the client does not take: while the socket buffer stays full and no byte of it
   * goes out for this long, the connection is destroyed.
   */
  readonly sendMs: number;
}

/**
 * The defaults of every sluice server: 20 s for headers, 60 s for a whole request, 65 s of keep-alive
 * (longer than the 60 s idle timeout of common load balancers, so they close first), 60 s to drain a write.
 * @example
 * applyServerTimeouts(server, { ...DEFAULT_SERVER_TIMEOUTS, requestMs: 120_000 });
 */
export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = Object.freeze({
  headerMs: 20_000,
  requestMs: 60_000,
  keepAliveMs: 65_000,
  sendMs: 60_000,
});

/**
 * Where a connection was when it ran out of time: sending headers, sending its body, or not taking its
 * response. The label of the timed-out counter, so a slow client can be told from a stuck one.
 * @example
 * applyServerTimeouts(server, DEFAULT_SERVER_TIMEOUTS, (phase: ConnectionTimeoutPhase) => timedOut.inc({ phase }));
 */
export type ConnectionTimeoutPhase = 'headers' | 'body' | 'send';

/**
 * Sets the timeouts on a server that does not listen yet, checks them a few times per shortest timeout,
 * and destroys a connection whose response writes make no progress for `sendMs`. `onTimeout` is called once
 * per connection closed, e.g. to count it. A request timed out before any byte of a response was
 * written gets Node's 408.
 * @example
 * const server = createServer(handler);
 * applyServerTimeouts(server, { ...DEFAULT_SERVER_TIMEOUTS, sendMs: 30_000 }, (phase) => timedOut.inc({ phase }));
 * server.listen(8080, '127.0.0.1');
 */
export function applyServerTimeouts(
  server: Server,
  timeouts: ServerTimeouts,
  onTimeout: (phase: ConnectionTimeoutPhase) => void = () => {},
): void {
  for (const [name, value] of Object.entries(timeouts)) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a number of milliseconds ≥ 0, not ${value}`);
  }
  // Node starts checking connections when the server starts listening, at the interval it has then.
  if (server.listening) throw new Error('applyServerTimeouts must be called before the server listens');
  server.headersTimeout = timeouts.headerMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  // Node looks for expired requests only this often (30 s by default), whatever the timeouts say.
  const receiving = [timeouts.headerMs, timeouts.requestMs].filter((ms) => ms > 0);
  // Read by Node when listening starts; missing from the type declarations of the Node version used.
  if (receiving.length > 0)
    (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = checkingInterval(
      Math.min(...receiving),
    );
  watchRequestTimeouts(server, onTimeout);
  if (timeouts.sendMs > 0) guardSends(server, timeouts.sendMs, () => onTimeout('send'));
}

/** A fraction of the timeout, so a connection closes within a quarter of it late, and never busier than 20 times a second. */
/**
 * Bytes written but not yet taken by the kernel: the stream's buffer, plus what libuv still holds of the
 * write in progress, which shrinks as a slow reader takes it (the stream's count moves only once a whole
 * write is done).
 */
function pendingBytes(socket: Socket): number {
  const handle = (socket as Socket & { _handle?: { writeQueueSize?: unknown } | null })._handle;
  const queued = typeof handle?.writeQueueSize === 'number' ? handle.writeQueueSize : 0;
  return socket.writableLength + queued;
}

function checkingInterval(shortestMs: number): number {
  return Math.min(1000, Math.max(50, Math.floor(shortestMs / 4)));
}

/** Node's answers to a client error it closes the connection for; ours replace its default handler. */
const CLIENT_ERROR_REPLIES: Readonly<Record<string, string>> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
  HPE_HEADER_OVERFLOW: 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
};
const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';

/**
 * Node reports a header or request timeout as a client error; which phase it was is told by the
 * request the connection last started: none or a complete one means the headers were still coming.
 */
function watchRequestTimeouts(server: Server, onTimeout: (phase: ConnectionTimeoutPhase) => void): void {
  const lastRequest = new WeakMap<Socket, IncomingMessage>();
  server.on('request', (req: IncomingMessage) => lastRequest.set(req.socket, req));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      const req = lastRequest.get(socket);
      onTimeout(req !== undefined && !req.complete ? 'body' : 'headers');
    }
    // Another listener answers in its own way; alone, this one answers as Node would have.
    if (server.listenerCount('clientError') > 1) return;
    const res = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (socket.writable && res?.headersSent !== true) socket.write(CLIENT_ERROR_REPLIES[error.code ?? ''] ?? BAD_REQUEST);
    socket.destroy();
  });
}

/**
 * A write that does not fit the socket buffer returns false until 'drain'; a client that stops reading
 * never lets it come, and the response stays in memory. Each connection is looked at a few times per
 * `sendMs`; one whose writes have waited for 'drain' that long without a byte going out is destroyed,
 * freeing what it held. Progress restarts the wait, as nginx's send_timeout does, so a large answer to a
 * slow reader is not cut; a connection that is only quiet (the answer is still being made, e.g. a slow
 * upstream) is left alone.
 */
function guardSends(server: Server, sendMs: number, onTimeout: () => void): void {
  const sockets = new Set<Socket>();
  const stalled = new Map<Socket, { since: number; pending: number }>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('drain', () => stalled.delete(socket));
    socket.once('close', () => {
      sockets.delete(socket);
      stalled.delete(socket);
    });
  });
  const sweep = () => {
    const now = Date.now();
    for (const socket of sockets) {
      if (!socket.writableNeedDrain || socket.destroyed) {
        stalled.delete(socket);
        continue;
      }
      const pending = pendingBytes(socket);
      const seen = stalled.get(socket);
      if (seen === undefined || pending < seen.pending) stalled.set(socket, { since: now, pending });
      else if (now - seen.since >= sendMs) {
        stalled.delete(socket);
        onTimeout();
        socket.destroy();
      }
    }
  };
  let timer: NodeJS.Timeout | undefined;
  server.on('listening', () => {
    timer ??= setInterval(sweep, checkingInterval(sendMs)).unref();
  });
  server.on('close', () => {
    clearInterval(timer);
    timer = undefined;
  });
}
