/**
 * The fake upstream of the semantic-hit row: the canned completion, like servers/canned-server.ts, and
 * a count of the completions it served at `GET /bench/calls`, since a hit must never reach it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CANNED_COMPLETION } from '../servers/canned-completion.js';

let calls = 0;

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method === 'GET' && req.url === '/bench/calls') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ calls }));
      return;
    }
    calls += 1;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(CANNED_COMPLETION) });
    res.end(CANNED_COMPLETION);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
