/**
 * Two gateway processes on one three-node Redis Cluster (`kv_url redis+cluster://…`): the exact cache,
 * privacy mappings, usage quotas and client limits all live in the cluster, shared by both, spread over
 * its nodes; a node killed makes each gateway fall back as configured, and neither crashes.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import type { Child } from '../../fixtures/child-process.js';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { describeRedisCluster } from '../../fixtures/redis-cluster.js';
import { startGatewayProcess } from '../cli/gateway-process.js';
import { clientKeyLine } from './fleet-under-test.js';
import { failureOf } from './guards-under-test.js';
import { awayFromWindowEnd } from './window-edge.js';

interface Member {
  readonly child: Child;
  readonly url: string;
  client(key: string): OpenAI;
}

const ask = (client: OpenAI, content: string) =>
  client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content }] }).withResponse();

describeRedisCluster('two gateway processes on a three-node Redis Cluster (kv_url redis+cluster://)', (cluster) => {
  const run = randomBytes(5).toString('hex');
  const keys = { plain: `plain-key-${run}`, rpm: `rpm-key-${run}`, quota: `quota-key-${run}`, outage: `outage-key-${run}` };
  let dir: string;
  let upstream: FakeUpstream;
  let a: Member;
  let b: Member;

  /** A gateway on the cluster; `failOpen` sets guard_fail_open, kv_fail_open and limits_fail_open alike. */
  async function start(name: string, failOpen: boolean): Promise<Member> {
    const { url, prefix } = cluster();
    const mode = failOpen ? 'on' : 'off';
    const config = `listen_addr 127.0.0.1:0;
upstream_base_url ${upstream.baseUrl};
upstream_api_key dummy;
upstream_timeout_seconds 5;
model_price test-model 1 2;
kv_url ${url};
kv_key_prefix "${prefix}cache:";
kv_timeout_seconds 0.5;
limits_key_prefix "${prefix}limits:";
exact_cache_enabled on;
kv_fail_open ${mode};
limits_fail_open ${mode};
guard_fail_open ${mode};
client_auth optional;
privacy_guard_enabled on;
privacy_guard_url local;
privacy_guard_kv_url ${url};
privacy_guard_kv_key_prefix "${prefix}privacy:";
usage_guard_enabled on;
usage_guard_url local;
usage_guard_policy_file ${join(dir, 'usage.json')};
usage_guard_kv_url ${url};
${clientKeyLine(keys.plain, keys.plain, `tenant plain-${run};`)}
${clientKeyLine(keys.rpm, keys.rpm, `tenant rpm-${run}; requests_per_minute 3;`)}
${clientKeyLine(keys.quota, keys.quota, `tenant quota-${run};`)}
${clientKeyLine(keys.outage, keys.outage, `tenant outage-${run}; requests_per_minute 100;`)}
`;
    const file = join(dir, `gateway-${name}.conf`);
    await writeFile(file, config);
    const { child, url: base } = await startGatewayProcess(file);
    return {
      child,
      url: base,
      client: (key) => new OpenAI({ baseURL: `${base}/v1`, apiKey: key, maxRetries: 0, timeout: 10_000 }),
    };
  }

  before(async function () {
    this.timeout(60_000);
    dir = await mkdtemp(join(tmpdir(), 'sluice-redis-cluster-gw-'));
    await writeFile(
      join(dir, 'usage.json'),
      JSON.stringify({
        version: 'cluster-1',
        policies: { open: {}, metered: { quotas: [{ id: 'rph', window: 'hour', requests: 3 }] } },
        default_policy: 'open',
        tenants: { [`quota-${run}`]: 'metered', [`outage-${run}`]: 'metered' },
      }),
    );
    upstream = await startFakeUpstream();
  });
  // The root hooks kill every child process after each test, so each test starts its two gateways.
  beforeEach(async function () {
    this.timeout(60_000);
    [a, b] = await Promise.all([start('a', true), start('b', false)]);
  });
  afterEach(async () => Promise.all([a?.child.kill(), b?.child.kill()]));
  after(async () => {
    await upstream?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  const chats = () => upstream.calls.filter((call) => call.path === '/v1/chat/completions').length;

  it('serves through B the answer A stored, the address masked in the cluster and restored for the client', async () => {
    const question = `Write to ana.lopez@example.org about order ${run}.`;
    const before = chats();
    const stored = await ask(a.client(keys.plain), question);
    assert.equal(stored.response.headers.get('x-sluice-cache'), 'miss');
    assert.equal(stored.data.choices[0]?.message.content, `echo: ${question}`, 'the address restored in the answer');
    const served = await ask(b.client(keys.plain), question);
    assert.equal(served.response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.equal(served.data.choices[0]?.message.content, `echo: ${question}`);
    assert.equal(chats() - before, 1, 'the upstream answered once');
    const { prefix } = cluster();
    const mappings = await cluster().keysPerNode(`${prefix}privacy*`);
    assert.ok(mappings.reduce((x, y) => x + y, 0) >= 1, 'the placeholder mapping is in the cluster');
    assert.ok(!JSON.stringify(upstream.calls.at(-1)?.body).includes('ana.lopez'), 'the upstream saw the placeholder only');
  });

  it("counts a tenant's usage quota and a key's requests per minute across both gateways", async function () {
    this.timeout(90_000);
    // Both counts fill a fixed window (an hour, a minute) and expect the next request refused.
    await awayFromWindowEnd(3_600_000, 15_000);
    await awayFromWindowEnd(60_000, 10_000);
    for (const [via, n] of [
      [a, 1],
      [b, 2],
      [a, 3],
    ] as const) {
      await ask(via.client(keys.quota), `Quota question ${n} ${run}`);
      await ask(via.client(keys.rpm), `Rate question ${n} ${run}`);
    }
    const quota = await failureOf(ask(b.client(keys.quota), `Quota question 4 ${run}`));
    assert.deepEqual([quota.status, quota.code], [403, 'usage_request_blocked']);
    const rate = await failureOf(ask(b.client(keys.rpm), `Rate question 4 ${run}`));
    assert.equal(rate.status, 429);
  });

  it('spreads the cache, mappings and counters over more than one node, each multi-key script in one slot', async () => {
    for (let n = 0; n < 12; n++) await ask(a.client(keys.plain), `Spread question ${n} ${run}`);
    const perNode = await cluster().keysPerNode(`${cluster().prefix}*`);
    assert.ok(perNode.filter((count) => count > 0).length > 1, `keys on more than one node: ${perNode.join(', ')}`);
    const quotaKeys = await cluster().keysPerNode('{sluice:usage}:*');
    assert.equal(quotaKeys.filter((count) => count > 0).length, 1, 'the quota counters share one hash tag, so one node');
  });

  it('with a node killed, A (fail-open) answers from the upstream and B (fail-closed) refuses; neither crashes', async function () {
    this.timeout(30_000);
    await cluster().kill(1);
    const question = `After the outage ${run}?`;
    // A key with a rate limit and a metered tenant: both stores are asked on every request.
    const open = await ask(a.client(keys.outage), question);
    assert.equal(open.data.choices[0]?.message.content, `echo: ${question}`);
    const closed = await failureOf(ask(b.client(keys.outage), question));
    assert.equal(closed.status, 503, `B refused: ${closed.status} ${closed.code}`);
    const ready = await fetch(`${b.url}/readyz`);
    assert.equal(ready.status, 503, 'B is not ready without its store');
    assert.equal(a.child.process.exitCode, null);
    assert.equal(b.child.process.exitCode, null);
  });
});
