import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import OpenAI from 'openai';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { describeRedis } from '../../fixtures/redis.js';
import { redisCommand } from '../../fixtures/resp.js';
import { startGatewayProcess, writeConfig } from '../cli/gateway-process.js';
import { failureOf } from './guards-under-test.js';

const HOUR_MS = 3_600_000;
/** Fixed windows are clock hours: a run this close to the end of one waits for the next. */
const EDGE_MS = 15_000;

const POLICY = {
  version: 'quota-test-1',
  policies: { metered: { quotas: [{ id: 'rph', window: 'hour', requests: 3 }] } },
  default_policy: 'metered',
};

describeRedis('gateway processes sharing usage quotas on Redis (usage_guard_kv_url, local engine)', (redis) => {
  // A tenant of this run's own: the counters of other runs and suites never meet these.
  const tenant = `quota-test-${randomBytes(6).toString('hex')}`;
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(async () => {
    await upstream?.close();
    const { port } = redis();
    const [, keys] = (await redisCommand(port, ['SCAN', '0', 'MATCH', `sluice:usage:${tenant}*`, 'COUNT', '10000'], 2000)) as [
      string,
      string[],
    ];
    if (keys.length > 0) await redisCommand(port, ['DEL', ...keys], 2000);
  });

  it('blocks the 4th request across both gateways with 403 usage_request_blocked and counts it', async function () {
    this.timeout(60_000);
    const policyFile = await writeConfig(JSON.stringify(POLICY), 'usage-policy.json');
    const config = await writeConfig(
      `listen_addr 127.0.0.1:0;
upstream_base_url ${upstream.baseUrl};
upstream_api_key dummy;
model_price test-model 1 2;
usage_guard_enabled on;
usage_guard_tenant_id ${tenant};
usage_guard_policy_file ${policyFile};
usage_guard_kv_url ${redis().url};
`,
    );
    const [a, b] = await Promise.all([startGatewayProcess(config), startGatewayProcess(config)]);
    const client = (url: string) => new OpenAI({ baseURL: `${url}/v1`, apiKey: 'client-key', maxRetries: 0, timeout: 10_000 });
    const clients = { a: client(a.url), b: client(b.url) };
    const ask = (via: 'a' | 'b', n: number) =>
      clients[via].chat.completions.create({
        model: 'test-model',
        messages: [{ role: 'user', content: `Question number ${n}` }],
      });
    const blocks = async (url: string) =>
      sampleValue(parsePrometheusText(await (await fetch(`${url}/metrics`)).text()), 'gw_usage_blocks_total', {
        decision: 'block',
      }) ?? 0;

    const left = HOUR_MS - (Date.now() % HOUR_MS);
    if (left < EDGE_MS) await delay(left + 500);

    for (const [via, n] of [
      ['a', 1],
      ['b', 2],
      ['a', 3],
    ] as const) {
      const answer = await ask(via, n);
      assert.equal(answer.choices[0]?.message.content, `echo: Question number ${n}`, `request ${n} via ${via} is allowed`);
    }
    const fourth = await failureOf(ask('b', 4));
    assert.deepEqual([fourth.status, fourth.code], [403, 'usage_request_blocked'], 'the 4th across both gateways');
    assert.equal(upstream.calls.length, 3, 'the blocked request reached no upstream');
    assert.equal(await blocks(b.url), 1);
    assert.equal(await blocks(a.url), 0, 'a counts only its own blocks');

    const fifth = await failureOf(ask('a', 5));
    assert.deepEqual([fifth.status, fifth.code], [403, 'usage_request_blocked'], 'the other gateway sees the same counter');
    assert.equal(await blocks(a.url), 1);
    const metrics = parsePrometheusText(await (await fetch(`${a.url}/metrics`)).text());
    assert.equal(sampleValue(metrics, 'gw_guard_requests_total', { guard: 'usage', stage: 'request', outcome: 'allowed' }), 2);
    assert.equal(sampleValue(metrics, 'gw_guard_requests_total', { guard: 'usage', stage: 'request', outcome: 'blocked' }), 1);
  });
});
