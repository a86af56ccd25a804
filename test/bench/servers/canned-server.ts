/**
 * A node:http server answering every request with the canned completion (the canned embeddings on
 * `/v1/embeddings`): the fake upstream and the bare
 * baseline. A request whose body asks for `stream: true` gets the same answer as server-sent events, as
 * from a provider. `GET /bench/calls` answers how many completions it has served, so a benchmark can check
 * that a gateway in front of it really passed a request through.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CANNED_EVENTS, CANNED_EVENTS_WITH_USAGE } from '../streaming/canned-events.js';
import { CANNED_COMPLETION, CANNED_EMBEDDINGS } from './canned-completion.js';

// Looked for in the raw bytes rather than parsed, so the JSON answer costs what it did before streaming.
// Bench bodies are compact JSON.stringify output; a quote inside a string value is escaped, so no false match.
const STREAM = Buffer.from('"stream":true');
const USAGE = Buffer.from('"include_usage":true');

let calls = 0;

const server = createServer((req, res) => {
  let body: Buffer | undefined;
  req.on('data', (chunk: Buffer) => {
    body = body === undefined ? chunk : Buffer.concat([body, chunk]);
  });
  req.on('end', () => {
    if (req.method === 'GET' && req.url === '/bench/calls') {
      res.end(JSON.stringify({ calls }));
      return;
    }
    calls += 1;
    if (body?.includes(STREAM) === true) return sendEvents(res, body.includes(USAGE) ? CANNED_EVENTS_WITH_USAGE : CANNED_EVENTS);
    const answer = req.url?.endsWith('/embeddings') ? CANNED_EMBEDDINGS : CANNED_COMPLETION;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
    res.end(answer);
  });
});

/** One write per event, as a provider sends them, with no gap between: a row measures the gateway's work, not generation time. */
function sendEvents(res: ServerResponse, events: readonly Buffer[]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const event of events) res.write(event);
  res.end();
}

server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
