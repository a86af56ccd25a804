import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startFakeUpstream } from '../../fixtures/fake-upstream.js';
import { baseConfig, gatewayForSuite, startGateway } from './gateway-under-test.js';

describe('gateway: model discovery and request validation', () => {
  const suite = gatewayForSuite();

  it('passes the upstream model list through', async () => {
    const models = await suite.gw.client.models.list();
    assert.ok(models.data.length > 0);
    assert.equal(models.data[0]?.object, 'model');
  });

  it('rejects a model without a model_price entry with 400 model_not_allowed', async () => {
    suite.upstream.reset();
    await assert.rejects(
      suite.gw.client.chat.completions.create({ model: 'not-priced', messages: [{ role: 'user', content: 'hi' }] }),
      (error: unknown) =>
        error instanceof OpenAI.BadRequestError && (error.error as { code?: string }).code === 'model_not_allowed',
    );
    assert.equal(suite.upstream.calls.length, 0);
  });

  it('refuses stream: true with 422 while streaming is off', async () => {
    const response = await fetch(`${suite.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'test-model', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    });
    assert.equal(response.status, 422);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'streaming_disabled');
  });

  it('answers unknown routes with the 404 envelope', async () => {
    const response = await fetch(`${suite.gw.url}/v2/nothing`);
    assert.equal(response.status, 404);
    const body = (await response.json()) as { error: { code: string; param: null } };
    assert.equal(body.error.code, 'not_found');
    assert.equal(body.error.param, null);
  });

  it('serves the probes and /version', async () => {
    assert.equal(await (await fetch(`${suite.gw.url}/healthz`)).text(), 'ok');
    const startup = await fetch(`${suite.gw.url}/startupz`);
    assert.equal(startup.status, 200);
    const ready = await fetch(`${suite.gw.url}/readyz`);
    assert.equal(ready.status, 200);
    assert.equal(await ready.text(), 'ready');
    const version = (await (await fetch(`${suite.gw.url}/version`)).json()) as Record<string, unknown>;
    assert.equal(version.supported_api_style, 'openai_compatible');
    assert.equal(version.provider_specific_config_blocks, false);
    assert.equal(version.gw_enforcement_mode, 'enforce');
    assert.equal(version.effective_cache_scope, 'production');
    assert.equal(typeof version.version, 'string');
    assert.equal(typeof version.release_title, 'string');
    assert.equal(typeof version.compatibility_model, 'string');
  });
});

describe('docs/reference/metrics.md', () => {
  it('lists every metric the gateway exposes', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../../../docs/reference/metrics.md', import.meta.url), 'utf8');
    const upstream = await startFakeUpstream();
    const gw = await startGateway(baseConfig(upstream.baseUrl));
    try {
      const names = [...(await gw.metricsText()).matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]);
      assert.ok(names.length > 10);
      for (const name of names) assert.match(doc, new RegExp(`\\| \`${name}\` \\|`), `${name} is missing from metrics.md`);
    } finally {
      await gw.close();
      await upstream.close();
    }
  });
});
