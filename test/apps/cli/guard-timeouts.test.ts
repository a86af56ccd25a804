import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { startChild } from '../../fixtures/child-process.js';
import { SLUICE_BIN } from './gateway-process.js';
import { sluiceInProcess } from './run-sluice.js';

describe('sluice guard: connection timeouts and JSON bodies', () => {
  for (const [flag, value] of [
    ['--client-header-timeout', 'soon'],
    ['--client-request-timeout', '-1'],
    ['--keepalive-timeout', '1e3'],
    ['--send-timeout', '3601'],
  ] as const) {
    it(`refuses ${flag} ${value} with exit 2, naming the flag`, async () => {
      const { code, err } = await sluiceInProcess('guard', 'security', '--listen', '127.0.0.1:0', `${flag}=${value}`);
      assert.equal(code, 2);
      assert.match(err, new RegExp(`${flag} must be a number of seconds`));
    });
  }

  it('lists the timeout flags in its help', async () => {
    const { code, out } = await sluiceInProcess('guard', '--help');
    assert.equal(code, 0);
    for (const flag of ['--client-header-timeout', '--client-request-timeout', '--keepalive-timeout', '--send-timeout']) {
      assert.ok(out.includes(flag), flag);
    }
  });

  it('serves a module that answers 415 to a body that is not JSON', async () => {
    const child = startChild(process.execPath, [SLUICE_BIN, 'guard', 'security', '--listen', '127.0.0.1:0']);
    const line = await child.waitForLine(/listening on (http:\/\/\S+)/, 20_000);
    const url = /listening on (http:\/\/\S+)/.exec(line)![1]!;
    const reply = await fetch(`${url}/v1/scan`, { method: 'POST', body: '{"messages":[]}' });
    assert.equal(reply.status, 415);
    assert.equal(((await reply.json()) as { error: { code: string } }).error.code, 'unsupported_media_type');
  });

  for (const kind of ['security', 'privacy', 'usage'] as const) {
    it(`sluice guard ${kind} closes a connection whose headers stall past --client-header-timeout`, async function () {
      this.timeout(30_000);
      const child = startChild(process.execPath, [
        SLUICE_BIN,
        'guard',
        kind,
        '--listen',
        '127.0.0.1:0',
        '--client-header-timeout',
        '0.5',
      ]);
      try {
        const line = await child.waitForLine(/listening on (http:\/\/\S+)/, 20_000);
        const { port } = new URL(/listening on (http:\/\/\S+)/.exec(line)![1]!);
        const socket = connect(Number(port), '127.0.0.1');
        const started = Date.now();
        socket.on('connect', () => socket.write('POST /v1/scan HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
        socket.on('data', () => {});
        await new Promise<void>((resolve, reject) => {
          // The default header timeout is 20 s: a close well before it is this flag's.
          const late = setTimeout(() => reject(new Error('the stalled connection was still open after 5 s')), 5_000);
          socket.once('close', () => {
            clearTimeout(late);
            resolve();
          });
        });
        assert.ok(Date.now() - started >= 400, `closed after ${Date.now() - started} ms`);
      } finally {
        child.signal('SIGTERM');
        await child.exited;
      }
    });
  }
});
