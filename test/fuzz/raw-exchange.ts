/**
 * Sends one raw request over a node:net socket and reads the first answer: fetch and node:http cannot
 * send malformed HTTP. Bounded in time; an incomplete request is followed by closing the client's side.
 */
import { connect } from 'node:net';
import type { RawRequest } from './arbitraries/raw-requests.js';

export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
}

export interface RawOutcome {
  /** The first final answer (1xx skipped), when one arrived in full. */
  readonly answer: RawAnswer | undefined;
  /** The server closed the connection. */
  readonly closed: boolean;
  /** Bytes that began an answer the server never finished. */
  readonly partial: boolean;
  readonly timedOut: boolean;
}

/** How long the client waits after sending an incomplete request before it closes its side. */
const PAUSE_MS = 20;

/**
 * @example
 * const outcome = await exchangeRaw(port, { head: 'GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n', body: '', complete: true, why: '' });
 */
export function exchangeRaw(port: number, request: RawRequest, timeoutMs = 8_000): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const headOnly = /^HEAD /i.test(request.head);
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (outcome: Omit<RawOutcome, 'partial'> & { partial?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ partial: false, ...outcome });
    };
    const timer = setTimeout(
      () => finish({ answer: undefined, closed: false, timedOut: true, partial: received.length > 0 }),
      timeoutMs,
    );
    socket.on('connect', () => {
      socket.write(Buffer.from(request.head + request.body, 'latin1'));
      if (!request.complete) setTimeout(() => socket.end(), PAUSE_MS);
    });
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const answer = parseAnswer(received, headOnly, false);
      if (answer !== undefined) finish({ answer, closed: false, timedOut: false });
    });
    // Writes after the server closed fail with EPIPE or ECONNRESET; what arrived before still counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const answer = parseAnswer(received, headOnly, true);
      finish({ answer, closed: true, timedOut: false, partial: answer === undefined && received.length > 0 });
    });
  });
}

/** The first final answer in `bytes`, or undefined while it is incomplete. */
function parseAnswer(bytes: Buffer, headOnly: boolean, ended: boolean): RawAnswer | undefined {
  let rest = bytes;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const lines = rest.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? NaN);
    if (!Number.isInteger(status)) return { status: 0, headers: {}, text: rest.toString('latin1') };
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const body = rest.subarray(end + 4);
    if (status >= 100 && status < 200) {
      rest = body;
      continue;
    }
    const text = bodyOf(body, headers, headOnly || status === 204 || status === 304, ended);
    return text === undefined ? undefined : { status, headers, text };
  }
}

function bodyOf(body: Buffer, headers: Record<string, string>, none: boolean, ended: boolean): string | undefined {
  if (none) return '';
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) return dechunk(body);
  const length = headers['content-length'];
  if (length !== undefined) return body.length >= Number(length) ? body.subarray(0, Number(length)).toString('utf8') : undefined;
  return ended ? body.toString('utf8') : undefined;
}

function dechunk(body: Buffer): string | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size)) return undefined;
    if (size === 0) return Buffer.concat(parts).toString('utf8');
    if (body.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
