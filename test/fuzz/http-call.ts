/**
 * One HTTP request over node:http with every header under the caller's control (fetch adds a text/plain
 * Content-Type to a string body and refuses some headers), bounded in time.
 */
import { Agent, request } from 'node:http';

export interface Call {
  readonly method: string;
  /** Path and query, sent as they are. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Send the body with chunked transfer encoding (in pieces) instead of a Content-Length. */
  readonly chunked?: boolean;
}

export interface Answer {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
}

/** Most bytes of a chunked body in one chunk, so a long body arrives in several. */
const PIECE = 64 * 1024;

/**
 * @example
 * const answer = await call(port, { method: 'POST', path: '/v1/qa', headers: { 'content-type': 'application/json' }, body: '{}' });
 */
export function call(port: number, sent: Call, timeoutMs = 10_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = sent.body === undefined ? undefined : Buffer.from(sent.body, 'utf8');
    const headers: Record<string, string | number> = { ...sent.headers };
    // Explicit framing: node:http sends a GET's or DELETE's body unframed unless told which framing to use.
    if (body !== undefined) {
      if (sent.chunked === true) headers['transfer-encoding'] = 'chunked';
      else headers['content-length'] = body.length;
    }
    // Keep-alive, on a connection of its own: a server that answers early (413) then reads the rest of the
    // body and keeps the connection, where a client's `Connection: close` would have it close on the upload.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const outgoing = request({ host: '127.0.0.1', port, method: sent.method, path: sent.path, headers, agent });
    const timer = setTimeout(() => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    let answered = false;
    const done = () => (clearTimeout(timer), agent.destroy());
    outgoing.on('error', (error) => {
      done();
      if (!answered) reject(error);
    });
    outgoing.on('response', (incoming) => {
      answered = true;
      const parts: Buffer[] = [];
      incoming.on('data', (part: Buffer) => parts.push(part));
      incoming.on('error', (error) => (done(), reject(error)));
      incoming.on('end', () => {
        done();
        resolve({
          status: incoming.statusCode ?? 0,
          contentType: incoming.headers['content-type'],
          headers: incoming.headers,
          text: Buffer.concat(parts).toString('utf8'),
        });
      });
    });
    if (body === undefined) return void outgoing.end();
    if (sent.chunked !== true) return void outgoing.end(body);
    for (let at = 0; at < body.length; at += PIECE) outgoing.write(body.subarray(at, at + PIECE));
    outgoing.end();
  });
}
