import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type OpenAI from 'openai';
import { describeRedis } from '../../fixtures/redis.js';
import { redisCommand } from '../../fixtures/resp.js';
import { failureOf } from './guards-under-test.js';
import { clientKeyLine, startFleet, type Fleet } from './fleet-under-test.js';
import { awayFromWindowEnd } from './window-edge.js';

const ask = (client: OpenAI, content: string) =>
  client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content }] });

describeRedis('a fleet of two gateway processes: usage quotas, key budgets and rates counted across both', (redis) => {
  // Ids of this run's own: no other run's counters meet these.
  const run = randomBytes(5).toString('hex');
  const keys = { rpm: `rpm-key-${run}`, budget: `budget-key-${run}`, quota: `quota-key-${run}` };
  const quotaTenant = `fleet-quota-${run}`;
  let dir: string;
  let fleet: Fleet;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sluice-fleet-limits-'));
    await writeFile(
      join(dir, 'usage.json'),
      JSON.stringify({
        version: 'fleet-1',
        policies: { open: {}, metered: { quotas: [{ id: 'rph', window: 'hour', requests: 3 }] } },
        default_policy: 'open',
        tenants: { [quotaTenant]: 'metered' },
      }),
    );
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
    const [, found] = (await redisCommand(
      redis().port,
      ['SCAN', '0', 'MATCH', `sluice:usage:${quotaTenant}*`, 'COUNT', '10000'],
      2000,
    )) as [string, string[]];
    if (found.length > 0) await redisCommand(redis().port, ['DEL', ...found], 2000);
  });
  // The root hooks kill every child process after each test, so each test starts its own fleet.
  beforeEach(async function () {
    this.timeout(60_000);
    fleet = await startFleet(redis(), {
      extra: `client_auth optional;
usage_guard_enabled on;
usage_guard_policy_file ${join(dir, 'usage.json')};
usage_guard_kv_url ${redis().url};
${clientKeyLine(keys.rpm, keys.rpm, `tenant fleet-rpm-${run}; requests_per_minute 3;`)}
${clientKeyLine(keys.budget, keys.budget, `tenant fleet-budget-${run}; budget 1 day;`)}
${clientKeyLine(keys.quota, keys.quota, `tenant ${quotaTenant};`)}
`,
    });
  });
  afterEach(async () => fleet?.close());

  it("a tenant's usage quota of 3 requests an hour is used up through A and B together", async function () {
    this.timeout(40_000);
    await awayFromWindowEnd(3_600_000, 15_000);
    for (const [via, n] of [
      [fleet.a, 1],
      [fleet.b, 2],
      [fleet.a, 3],
    ] as const) {
      const answer = await ask(via.clientWith(keys.quota), `Quota question ${n}`);
      assert.equal(answer.choices[0]?.message.content, `echo: Quota question ${n}`, `request ${n} via ${via.name}`);
    }
    const fourth = await failureOf(ask(fleet.b.clientWith(keys.quota), 'Quota question 4'));
    assert.deepEqual([fourth.status, fourth.code], [403, 'usage_request_blocked'], 'the 4th, through B');
    assert.equal(fleet.upstreamChats(), 3, 'the blocked request reached no upstream');
  });

  it("a key's requests_per_minute of 3 is used up through A and B together", async function () {
    this.timeout(40_000);
    await awayFromWindowEnd(60_000, 10_000);
    for (const [via, n] of [
      [fleet.a, 1],
      [fleet.b, 2],
      [fleet.a, 3],
    ] as const) {
      await ask(via.clientWith(keys.rpm), `Rate question ${n}`);
    }
    const fourth = await failureOf(ask(fleet.b.clientWith(keys.rpm), 'Rate question 4'));
    assert.deepEqual([fourth.status, fourth.code], [429, 'rate_limit_exceeded'], 'the 4th, through B');
    assert.equal(fleet.upstreamChats(), 3);
  });

  it("a key's budget spent through A is spent for B", async function () {
    this.timeout(40_000);
    // 1 micro-USD a day: the first call (a few dozen micro-USD) spends it all, wherever it went through.
    await awayFromWindowEnd(86_400_000, 15_000);
    await ask(fleet.a.clientWith(keys.budget), 'Budget question 1');
    const second = await failureOf(ask(fleet.b.clientWith(keys.budget), 'Budget question 2'));
    assert.deepEqual([second.status, second.code], [429, 'insufficient_quota'], 'B refuses what A spent');
    const third = await failureOf(ask(fleet.a.clientWith(keys.budget), 'Budget question 3'));
    assert.deepEqual([third.status, third.code], [429, 'insufficient_quota'], 'and so does A');
    assert.equal(fleet.upstreamChats(), 1);
  });
});
