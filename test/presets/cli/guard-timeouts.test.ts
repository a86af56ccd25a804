import assert from 'node:assert/strict';
import { runCli, type Output } from '@sluice/cli';
import { startChild } from '../../fixtures/child-process.js';
import { SLUICE_BIN } from './gateway-process.js';

async function sluice(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const output: Output = { out: (line) => out.push(line), err: (line) => err.push(line) };
  const code = await runCli(argv, output);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('sluice guard: connection timeouts and JSON bodies', () => {
  for (const [flag, value] of [
    ['--client-header-timeout', 'soon'],
    ['--client-request-timeout', '-1'],
    ['--keepalive-timeout', '1e3'],
    ['--send-timeout', '3601'],
  ] as const) {
    it(`refuses ${flag} ${value} with exit 2, naming the flag`, async () => {
      const { code, err } = await sluice('guard', 'security', '--listen', '127.0.0.1:0', `${flag}=${value}`);
      assert.equal(code, 2);
      assert.match(err, new RegExp(`${flag} must be a number of seconds`));
    });
  }

  it('lists the timeout flags in its help', async () => {
    const { code, out } = await sluice('guard', '--help');
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
});
