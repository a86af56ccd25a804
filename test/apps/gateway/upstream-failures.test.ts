import assert from 'node:assert/strict';
import { freePort } from '../../fixtures/free-port.js';
import type { FakeUpstream } from '../../fixtures/fake-upstream.js';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { baseConfig, gatewayForSuite, startGateway } from './gateway-under-test.js';

const ask = (url: string) =>
  fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sluice-cache-bypass': '1' },
    body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'fail please' }] }),
  });

describe('gateway: upstream failures are mapped and counted', () => {
  const suite = gatewayForSuite();

  const openAiError = (message: string, code: string) => ({
    error: { message, type: 'invalid_request_error', param: null, code },
  });

  const cases = [
    {
      name: '401 with a JSON error body passes through',
      behaviour: { kind: 'status', status: 401, body: openAiError('bad key', 'invalid_api_key') },
      status: 401,
      cls: 'upstream_authentication_error',
      code: 'invalid_api_key',
    },
    {
      name: '404 passes through',
      behaviour: { kind: 'status', status: 404, body: openAiError('no such model', 'model_not_found') },
      status: 404,
      cls: 'upstream_not_found',
      code: 'model_not_found',
    },
    {
      name: '429 passes through',
      behaviour: { kind: 'status', status: 429, body: openAiError('slow down', 'rate_limit_exceeded') },
      status: 429,
      cls: 'upstream_rate_limited',
      code: 'rate_limit_exceeded',
    },
    {
      name: '500 becomes 502',
      behaviour: { kind: 'status', status: 500, body: openAiError('boom', 'server_error') },
      status: 502,
      cls: 'upstream_server_error',
      code: 'upstream_server_error',
    },
    {
      name: 'a hang becomes a 504 timeout',
      behaviour: { kind: 'hang' },
      status: 504,
      cls: 'upstream_timeout',
      code: 'upstream_timeout',
    },
  ] as const;

  for (const c of cases) {
    it(c.name, async () => {
      suite.upstream.behave(c.behaviour as Parameters<FakeUpstream['behave']>[0]);
      const before = errorCount(await suite.gw.metricsText(), c.cls);
      const response = await ask(suite.gw.url);
      assert.equal(response.status, c.status);
      const body = (await response.json()) as { error: { code: string } };
      assert.equal(body.error.code, c.code);
      assert.equal(errorCount(await suite.gw.metricsText(), c.cls), before + 1);
    });
  }

  it('connection refused becomes 502 upstream_connect_error', async () => {
    const port = await freePort();
    const closed = await startGateway(baseConfig(`http://127.0.0.1:${port}/v1`));
    try {
      const response = await ask(closed.url);
      assert.equal(response.status, 502);
      assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'upstream_connect_error');
      assert.equal(errorCount(await closed.metricsText(), 'upstream_connect_error'), 1);
    } finally {
      await closed.close();
    }
  });

  it('maps and counts a failure of the model list route too', async () => {
    suite.upstream.behave({ kind: 'status', status: 503, body: 'down' });
    const before = errorCount(await suite.gw.metricsText(), 'upstream_server_error');
    const response = await fetch(`${suite.gw.url}/v1/models`);
    assert.equal(response.status, 502);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'upstream_server_error');
    assert.equal(errorCount(await suite.gw.metricsText(), 'upstream_server_error'), before + 1);
  });

  it('exposes metrics a strict Prometheus parser accepts', async () => {
    suite.upstream.behave({ kind: 'ok' });
    await ask(suite.gw.url);
    const families = parsePrometheusText(await suite.gw.metricsText());
    for (const name of [
      'gw_requests_total',
      'gw_errors_total',
      'gw_cache_exact_hits',
      'gw_cache_misses',
      'gw_request_cost_micro_usd_total',
      'gw_gross_saved_micro_usd_total',
      'gw_net_saved_micro_usd_total',
      'gw_tokens_saved',
      'gw_readiness_state',
      'gw_shutdown_in_progress',
    ]) {
      assert.ok(
        [...families.keys()].some((k) => k === name || k === name.replace(/_total$/, '')),
        `missing ${name}`,
      );
    }
  });
});

function errorCount(text: string, cls: string): number {
  return sampleValue(parsePrometheusText(text), 'gw_errors_total', { class: cls }) ?? 0;
}
