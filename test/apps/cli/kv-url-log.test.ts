import assert from 'node:assert/strict';
import { startGatewayProcess, writeConfig } from './gateway-process.js';

describe('sluice gateway: a Redis the exact cache cannot reach is logged with its URL masked', function () {
  // The installed command as a process, which takes seconds on a busy machine.
  this.timeout(60_000);

  it('shows neither the user token nor the password of kv_url in the log or the summary', async () => {
    const file = await writeConfig(`listen_addr 127.0.0.1:0;
log_level warn;
upstream_base_url http://127.0.0.1:9/v1;
kv_url "redis://kv-user-token-4242@127.0.0.1:1/0";
kv_fail_open on;
`);
    const { child } = await startGatewayProcess(file);
    try {
      await child.waitForLine(/^ {2}clients /, 10_000);
      // The log is written on its own schedule: the summary may come first.
      await child.waitForLine(/exact cache disabled until restart/, 10_000);
      const printed = child.lines.join('\n');
      assert.match(printed, /redis:\/\/\*\*\*@127\.0\.0\.1:1\/0/);
      assert.ok(!printed.includes('kv-user-token-4242'), printed);
    } finally {
      await child.kill();
    }
  });
});
