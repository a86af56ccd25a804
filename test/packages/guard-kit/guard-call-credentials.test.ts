import assert from 'node:assert/strict';
import { startModuleServer, type ModuleServer } from '@sluice/guard-kit';
import { callGuard, GuardCallError } from '@sluice/guard-kit';
import { Gateway } from '@sluice/gateway';
import { gatewayOptionsFromConfig, parseGatewayConfig } from '@sluice/preset-gateway';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { loggerInto } from '../../fixtures/log-lines.js';

const PASSWORD = 'guard-pass-7788';

/** `module.url` with a user and `PASSWORD` in it. */
const withCredentials = (url: string) => url.replace('://', `://guard-user:${PASSWORD}@`);

describe('core: guard calls to a URL with credentials', function () {
  this.timeout(20_000);
  let module: ModuleServer;
  before(async () => {
    module = await startModuleServer({
      listen: '127.0.0.1:0',
      apiKey: 'right-key',
      routes: { '/v1/scan': () => ({ allowed: true }) },
    });
  });
  after(async () => module.close());

  it('reaches the module, the userinfo left out of the URL and the key in x-api-key', async () => {
    const reply = await callGuard({ baseUrl: withCredentials(module.url), apiKey: 'right-key', timeoutMs: 2000 }, '/v1/scan', {});
    assert.deepEqual(reply, { allowed: true });
  });

  it('masks the URL in the reason of a failed call', async () => {
    const failure = await callGuard(
      { baseUrl: 'http://guard-user:guard-pass-7788@127.0.0.1:1', apiKey: 'k', timeoutMs: 2000 },
      '/v1/scan',
      {},
    ).catch((error: unknown) => error);
    assert.ok(failure instanceof GuardCallError);
    assert.equal(failure.kind, 'unavailable');
    assert.ok(!failure.message.includes(PASSWORD), failure.message);
  });

  describe('a gateway whose security guard module URL carries credentials', () => {
    let upstream: FakeUpstream;
    let gateway: Gateway;
    let url: string;
    const logs: string[] = [];
    before(async () => {
      upstream = await startFakeUpstream();
      const config = await parseGatewayConfig(
        `upstream_base_url ${upstream.baseUrl};
model_price test-model 1.0 2.0;
security_guard_enabled on;
security_guard_url "${withCredentials(module.url)}/no-such-prefix";
security_guard_api_key right-key;
guard_fail_open on;
`,
        'test.conf',
        { env: {} },
      );
      const logger = loggerInto(logs);
      gateway = await Gateway.create(gatewayOptionsFromConfig(config), { logger });
      ({ url } = await gateway.listen('127.0.0.1:0'));
    });
    after(async () => {
      await gateway?.shutdown();
      await upstream?.close();
    });

    it('logs the guard failure and its evidence without the credentials', async () => {
      const reply = await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] }),
      });
      assert.equal(reply.status, 200);
      const text = logs.join('');
      assert.match(text, /security guard failed; continuing/);
      assert.match(text, /svc_evidence/);
      assert.ok(!text.includes(PASSWORD), text);
    });
  });
});
