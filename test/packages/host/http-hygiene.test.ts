import assert from 'node:assert/strict';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { applyServerTimeouts, isJsonContentType, notJsonMessage, type ConnectionTimeoutPhase } from '@sluice/host';
import { eventually, neverReading, rawPost, slowBody, slowHeaders } from './slow-clients.js';

const BIG = Buffer.alloc(64 * 1024 * 1024, 'a');
const MEDIUM = Buffer.alloc(24 * 1024 * 1024, 'b');

describe('host: http hygiene', () => {
  describe('isJsonContentType', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON;charset=UTF-8',
      'application/json ; charset=utf-8',
      '  application/json',
      'application/vnd.sluice+json',
    ]) {
      it(`accepts ${JSON.stringify(type)}`, () => assert.equal(isJsonContentType(type), true));
    }
    for (const type of [
      undefined,
      '',
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
      'application/json-seq',
      'text/json',
      'application/+json',
    ]) {
      it(`refuses ${JSON.stringify(type)}`, () => assert.equal(isJsonContentType(type), false));
    }
  });

  it('notJsonMessage names what was sent, cut short, or that nothing was', () => {
    assert.equal(notJsonMessage('text/plain'), 'Content-Type must be application/json, not "text/plain".');
    assert.equal(notJsonMessage(undefined), 'Content-Type must be application/json; the request has none.');
    assert.equal(notJsonMessage('  '), 'Content-Type must be application/json; the request has none.');
    assert.ok(notJsonMessage(`text/${'x'.repeat(500)}`).length < 120);
  });

  describe('applyServerTimeouts on a real server', () => {
    const phases: ConnectionTimeoutPhase[] = [];
    const sockets: Socket[] = [];
    let server: Server;
    let url: string;

    before(async () => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString();
          if (req.url === '/big') return void res.writeHead(200, { 'content-length': BIG.length }).end(BIG);
          if (req.url === '/medium') return void res.writeHead(200, { 'content-length': MEDIUM.length }).end(MEDIUM);
          if (req.url === '/slow') return void setTimeout(() => res.end('late but fine'), 1500);
          res.end(body);
        });
      });
      server.on('connection', (socket: Socket) => sockets.push(socket));
      applyServerTimeouts(server, { headerMs: 400, requestMs: 800, keepAliveMs: 1000, sendMs: 400 }, (phase) =>
        phases.push(phase),
      );
      server.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    beforeEach(() => (phases.length = 0));

    it('closes a connection whose headers stop coming, with a 408, counted as headers', async () => {
      const ending = await slowHeaders(url, 5000);
      assert.ok(ending.closedAfterMs >= 350 && ending.closedAfterMs < 1500, `closed after ${ending.closedAfterMs} ms`);
      assert.match(ending.received, /^HTTP\/1\.1 408 /);
      assert.deepEqual(phases, ['headers']);
    });

    it('closes a connection whose body stops coming, counted as body', async () => {
      const ending = await slowBody(url, '/echo', 5000);
      assert.ok(ending.closedAfterMs >= 700 && ending.closedAfterMs < 2000, `closed after ${ending.closedAfterMs} ms`);
      assert.match(ending.received, /^HTTP\/1\.1 408 /);
      assert.deepEqual(phases, ['body']);
    });

    it('destroys a connection that does not read its response, releasing it', async () => {
      const before = sockets.length;
      const client = await neverReading(url, rawPost('/big', '{}'));
      await eventually(() => phases.includes('send'), 3000, 'the send timeout');
      const socket = sockets[before];
      assert.ok(socket !== undefined, 'the server saw the connection');
      assert.equal(socket.destroyed, true);
      // A destroyed socket lets go of what it buffered as the destroy completes, a turn or more later on a busy
      // machine: waited for, bounded, rather than read at once.
      await eventually(() => socket.writableLength === 0, 3000, 'nothing left buffered for the client');
      const read = await client.resume(3000);
      assert.ok(read < BIG.length, `read ${read} bytes of ${BIG.length}`);
      assert.deepEqual(phases, ['send']);
    });

    it('lets a slow answer through: the wait for the server is neither a request nor a send timeout', async () => {
      const reply = await fetch(`${url}/slow`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      assert.equal(reply.status, 200);
      assert.equal(await reply.text(), 'late but fine');
      assert.deepEqual(phases, []);
    });

    it('lets a large response through to a client that reads it slowly, taking longer than the send timeout', async () => {
      const started = Date.now();
      const read = await new Promise<number>((resolve, reject) => {
        get(`${url}/medium`, (response) => {
          let bytes = 0;
          let sincePause = 0;
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            sincePause += chunk.length;
            if (sincePause >= 1024 * 1024) {
              sincePause = 0;
              response.pause();
              setTimeout(() => response.resume(), 150);
            }
          });
          response.on('end', () => resolve(bytes));
          response.on('error', reject);
        }).on('error', reject);
      });
      assert.equal(read, MEDIUM.length);
      assert.ok(Date.now() - started > 1000, 'the reading took longer than the 400 ms send timeout');
      assert.deepEqual(phases, []);
    });

    it('lets a large response through to a client that reads it', async () => {
      const reply = await fetch(`${url}/big`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      assert.equal((await reply.arrayBuffer()).byteLength, BIG.length);
      assert.deepEqual(phases, []);
    });
  });

  it('refuses a server that already listens, and a negative timeout', async () => {
    const server = createServer();
    assert.throws(
      () => applyServerTimeouts(server, { headerMs: -1, requestMs: 1, keepAliveMs: 1, sendMs: 1 }),
      /headerMs must be/,
    );
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      assert.throws(
        () => applyServerTimeouts(server, { headerMs: 1, requestMs: 1, keepAliveMs: 1, sendMs: 1 }),
        /before the server listens/,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
