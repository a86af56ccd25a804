/** `admin_key`: /metrics and the dashboard answer 401 without the key, and serve with it; probes stay open. */
import assert from 'node:assert/strict';
import { keyHash } from '@sluice/caller';
import { gatewayForSuite } from './gateway-under-test.js';

const ADMIN_KEY = 'sk-sluice-admin-test-key-0123456789abcdef';

describe('gateway admin_key: /metrics and the dashboard behind a key', () => {
  const suite = gatewayForSuite(`dashboard_enabled on; admin_key ${keyHash(ADMIN_KEY)};`);
  const url = (path: string) => `${suite.gw.url}${path}`;

  for (const path of ['/metrics', '/dashboard', '/dashboard/figures']) {
    it(`${path}: 401 in the error envelope without the key, with a wrong one, and a Basic challenge`, async () => {
      for (const authorization of [undefined, 'Bearer sk-wrong', `Bearer ${ADMIN_KEY}x`, 'Basic !!!']) {
        const response = await fetch(url(path), { headers: authorization ? { authorization } : {} });
        assert.equal(response.status, 401, `${path} ${authorization ?? '(none)'}`);
        assert.match(response.headers.get('www-authenticate') ?? '', /^Basic realm=/);
        const body = (await response.json()) as { error: { code: string; type: string; message: string } };
        assert.equal(body.error.code, 'admin_key_required');
        assert.doesNotMatch(body.error.message, /sk-/, 'the reply never quotes a key');
      }
    });

    it(`${path}: served with Bearer <key> and with Basic credentials whose password is the key`, async () => {
      const basic = `Basic ${Buffer.from(`admin:${ADMIN_KEY}`).toString('base64')}`;
      for (const authorization of [`Bearer ${ADMIN_KEY}`, basic]) {
        const response = await fetch(url(path), { headers: { authorization } });
        assert.equal(response.status, 200, `${path} ${authorization.split(' ')[0]}`);
        await response.arrayBuffer();
      }
    });
  }

  it('leaves the probes and /version open for orchestrators', async () => {
    for (const path of ['/healthz', '/readyz', '/startupz', '/version']) {
      const response = await fetch(url(path));
      assert.equal(response.status, 200, path);
      await response.arrayBuffer();
    }
  });
});

describe('gateway admin_key: absent by default', () => {
  const suite = gatewayForSuite('');

  it('serves /metrics without a key', async () => {
    const response = await fetch(`${suite.gw.url}/metrics`);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /gw_requests_total/);
  });
});
