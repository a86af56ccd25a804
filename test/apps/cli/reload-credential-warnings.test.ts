import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { startGatewayProcess, writeConfig } from './gateway-process.js';

const config = (upstream: FakeUpstream, extra = '') =>
  `listen_addr 127.0.0.1:0;\nupstream_base_url ${upstream.baseUrl};\nupstream_api_key dummy;\n${extra}`;

describe('gateway process: SIGHUP reload of a URL carrying credentials', function () {
  this.timeout(60_000);
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(async () => upstream?.close());

  it('warns as the start does, naming the key directive and never the credentials', async () => {
    const file = await writeConfig(config(upstream));
    const { child } = await startGatewayProcess(file);
    try {
      assert.ok(!child.lines.some((line) => /carries credentials/.test(line)), 'no warning for a clean file');
      await writeFile(
        file,
        config(upstream, 'security_guard_enabled on;\nsecurity_guard_url "https://guard:guard-secret-8@guards.example";\n'),
      );
      child.signal('SIGHUP');
      const warning = await child.waitForLine(/carries credentials/, 10_000);
      assert.match(
        warning,
        /:5:1: security_guard_url carries credentials \(user:password@\), which are never sent; put the key in security_guard_api_key/,
      );
      await child.waitForLine(/configuration reloaded/, 10_000);
      assert.ok(!child.lines.some((line) => /guard-secret-8/.test(line)), child.lines.join('\n'));
    } finally {
      await child.kill();
    }
  });
});
