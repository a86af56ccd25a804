/** Clients that misbehave on a real socket: slow headers, a slow body, a response never read. */
import { connect, type Socket } from 'node:net';

export interface Ending {
  /** From the first byte sent to the connection's close. */
  readonly closedAfterMs: number;
  /** What the server wrote before it closed, as text. */
  readonly received: string;
}

function open(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends `text` and then nothing, reading what comes, until the server closes; gives up after `limitMs`. */
async function sendAndWait(url: string, text: string, limitMs: number): Promise<Ending> {
  const socket = await open(url);
  const started = Date.now();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {});
  socket.write(text);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${limitMs} ms`));
    }, limitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ closedAfterMs: Date.now() - started, received: Buffer.concat(chunks).toString('latin1') });
    });
  });
}

/**
 * Part of a request's headers, then silence.
 * @example
 * const { closedAfterMs } = await slowHeaders(url, 5000);
 */
export function slowHeaders(url: string, limitMs: number): Promise<Ending> {
  return sendAndWait(url, `POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n`, limitMs);
}

/** Whole headers announcing a body of 1000 bytes, 10 of them, then silence. */
export function slowBody(url: string, path: string, limitMs: number, headers: Record<string, string> = {}): Promise<Ending> {
  const lines = Object.entries({ 'content-type': 'application/json', ...headers }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  return sendAndWait(
    url,
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('')}content-length: 1000\r\n\r\n{"model":`,
    limitMs,
  );
}

/**
 * Sends a whole request and never reads the answer: the socket is paused at once, so the server's
 * writes fill the socket buffers and stall. `resume()` reads again and resolves with the bytes read
 * once the connection closes.
 */
export async function neverReading(url: string, request: string): Promise<{ resume(limitMs: number): Promise<number> }> {
  const socket = await open(url);
  socket.pause();
  socket.on('error', () => {});
  socket.write(request);
  return {
    resume: (limitMs) =>
      new Promise((resolve, reject) => {
        let bytes = 0;
        const timer = setTimeout(() => {
          socket.destroy();
          reject(new Error(`the connection stayed open ${limitMs} ms after reading resumed`));
        }, limitMs);
        socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
        socket.once('close', () => {
          clearTimeout(timer);
          resolve(bytes);
        });
        socket.resume();
      }),
  };
}

/** A raw HTTP/1.1 request with a JSON body. */
export function rawPost(path: string, body: string, headers: Record<string, string> = {}): string {
  const lines = Object.entries({ 'content-type': 'application/json', ...headers }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('')}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** Resolves when `check` holds, polling; fails after `limitMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, limitMs: number, what: string): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
