/** A node:http server answering every request with the canned completion: the fake upstream and the bare baseline. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CANNED_COMPLETION } from './canned-completion.js';

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(CANNED_COMPLETION) });
    res.end(CANNED_COMPLETION);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
