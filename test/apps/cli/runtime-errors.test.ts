import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeConfig } from './gateway-process.js';
import { sluiceProcess, type Ran } from './run-sluice.js';

/** A failure at run time: exit 1, one line per problem on stderr (the last with its hint), never a stack. */
function assertFailure(ran: Ran, lines: readonly RegExp[]): void {
  assert.equal(ran.code, 1, ran.err);
  const printed = ran.err.split('\n').filter((l) => l !== '');
  assert.equal(printed.length, lines.length, ran.err);
  lines.forEach((pattern, i) => assert.match(printed[i]!, pattern));
  assert.ok(!printed.some((l) => /^\s+at /.test(l)), 'no stack trace');
}

describe('sluice: failures at run time, one line with a hint', function () {
  // Each case starts the installed command as a process, which takes seconds on a busy machine.
  this.timeout(60_000);
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'sluice-cli-errors-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('a missing config file: the default path, or the one --config gave', async () => {
    assertFailure(await sluiceProcess(['gateway', '--test-config'], {}, dir), [
      /^sluice gateway: cannot read configuration file config\/gateway\.conf: no such file \(without --config FILE the gateway reads config\/gateway\.conf from the current directory\)$/,
    ]);
    assertFailure(await sluiceProcess(['gateway', '--config', join(dir, 'absent.conf')]), [
      /^sluice gateway: cannot read configuration file .*absent\.conf: no such file \(check the path given to --config\)$/,
    ]);
  });

  it('config errors: one line each with file:line:col, the hint on the last', async () => {
    const file = await writeConfig('cache_tll_seconds 10;\nstreaming_enabled maybe;\n');
    assertFailure(await sluiceProcess(['gateway', '--config', file]), [
      /^sluice gateway: .*gateway\.conf:1:1: unknown directive "cache_tll_seconds"; did you mean "cache_ttl_seconds"\?$/,
      /^sluice gateway: .*gateway\.conf:2:19: streaming_enabled: .* \(docs\/reference\/config\.md lists every directive\)$/,
    ]);
  });

  it('a port in use: names the address and listen_addr, stops what it started and exits', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as { port: number };
      const file = await writeConfig(`listen_addr 127.0.0.1:${port};\nlog_level warn;\n`);
      assertFailure(await sluiceProcess(['gateway', '--config', file]), [
        new RegExp(
          `^sluice gateway: cannot listen on 127\\.0\\.0\\.1:${port}: the address is already in use \\(another process holds it; change listen_addr in .*gateway\\.conf, or stop that process\\)$`,
        ),
      ]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('the vector cache: a missing setting and a license it cannot use name the variable and what to do', async () => {
    const env = { SVC_DATA_DIR: join(dir, 'data'), SVC_LISTEN_ADDR: '127.0.0.1:0', SVC_DIMS: '' };
    assertFailure(await sluiceProcess(['vector-cache'], env), [
      /^sluice vector-cache: SVC_DIMS: is required .* \(set it to the length of your embeddings, e.g\. SVC_DIMS=384\)$/,
    ]);
    assertFailure(await sluiceProcess(['vector-cache'], { ...env, SVC_DIMS: '8', SVC_LICENSE_REQUIRED: '1' }), [
      /^sluice vector-cache: SVC_LICENSE_FILE: .* \(sluice license verify FILE --pubkey FILE says why; .*\)$/,
    ]);
  });

  it('a license file that cannot be read', async () => {
    assertFailure(await sluiceProcess(['license', 'verify', join(dir, 'license.json'), '--pubkey', join(dir, 'absent.pub')]), [
      /^sluice license verify: cannot read --pubkey file .*absent\.pub: no such file \(--pubkey takes the license-signing\.pub that sluice license keygen wrote\)$/,
    ]);
  });
});
