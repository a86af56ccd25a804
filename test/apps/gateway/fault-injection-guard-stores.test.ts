import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { blackhole, pass, startFaultProxy } from '../../fixtures/fault-proxy.js';
import { describeRedis } from '../../fixtures/redis.js';
import { redisCommand } from '../../fixtures/resp.js';
import { ask, freshQuestion, startWatchedGateway, until } from './fault-injection-gateway.js';
import { baseConfig } from './gateway-under-test.js';

/** A policy whose every request is counted, so each request sends Redis a command. */
const METERED = {
  version: 'fault-injection-1',
  policies: { metered: { quotas: [{ id: 'rph', window: 'hour', requests: 1000 }] } },
  default_policy: 'metered',
};

/**
 * The built-in guard engines keep state in Redis of their own (usage quotas, privacy placeholder mappings).
 * A Redis that stops answering must not hold the gateway's shutdown: the close waits for pending replies only so long.
 */
describeRedis('fault injection: the built-in guards’ Redis behind a fault proxy', (redis) => {
  const tenant = `fault-injection-${randomBytes(6).toString('hex')}`;
  let upstream: FakeUpstream;
  let dir: string;
  before(async () => {
    upstream = await startFakeUpstream();
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-fault-guard-stores-'));
  });
  after(async () => {
    await upstream?.close();
    await rm(dir, { recursive: true, force: true });
    const [, keys] = (await redisCommand(
      redis().port,
      ['SCAN', '0', 'MATCH', `sluice:usage:${tenant}*`, 'COUNT', '10000'],
      2000,
    )) as [string, string[]];
    if (keys.length > 0) await redisCommand(redis().port, ['DEL', ...keys], 2000);
  });

  const cases = [
    {
      store: 'usage quotas (usage_guard_kv_url)',
      lines: async (kvUrl: string) => {
        const policy = path.join(dir, 'usage.json');
        await writeFile(policy, JSON.stringify(METERED));
        return `usage_guard_enabled on;\nusage_guard_tenant_id ${tenant};\nusage_guard_policy_file ${policy};\nusage_guard_kv_url ${kvUrl};\nusage_guard_timeout_seconds 0.4;\n`;
      },
      question: 'How many moons has Jupiter?',
      readinessRequired: false,
    },
    {
      store: 'privacy mappings (privacy_guard_kv_url)',
      lines: async (kvUrl: string) =>
        `privacy_guard_enabled on;\nprivacy_guard_kv_url ${kvUrl};\nprivacy_guard_kv_key_prefix ${redis().prefix}privacy:;\nprivacy_guard_timeout_seconds 0.4;\n`,
      question: 'Please write to ada@example.com about the invoice.',
      readinessRequired: true,
    },
  ];

  for (const { store, lines, question, readinessRequired } of cases) {
    it(`${store}: a silent Redis fails the request once by its timeout, the next at once, and recovers by itself`, async () => {
      const proxy = await startFaultProxy('127.0.0.1', redis().port);
      const gw = await startWatchedGateway(baseConfig(upstream.baseUrl, await lines(`redis://127.0.0.1:${proxy.port}`)));
      try {
        assert.equal((await ask(gw, freshQuestion(question))).status, 200);
        await proxy.set(blackhole);
        // guard_fail_open is off: the guard's store failing fails the request.
        const first = await ask(gw, freshQuestion(question));
        assert.ok(first.status >= 500, `${store}: ${first.status} while Redis is silent`);
        const accepted = proxy.accepted;
        const next = await ask(gw, freshQuestion(question));
        assert.equal(next.status, 502, `${store}: refused at once as unavailable, not a second timeout (${next.code})`);
        assert.match(next.code ?? '', /_guard_unavailable$/);
        assert.equal(await gw.readyz(), readinessRequired ? 503 : 200);
        await proxy.set(pass);
        await until(async () => (await gw.readyz()) === 200, `${store}: /readyz is 200 again once Redis answers`);
        await until(async () => (await ask(gw, freshQuestion(question))).status === 200, `${store}: requests pass again`);
        assert.equal(proxy.accepted, accepted, 'the same connection came back; no reconnection was needed');
      } finally {
        await gw.close();
        await proxy.close();
      }
    });

    it(`${store}: the gateway shuts down within 5 s while Redis is blackholed`, async () => {
      const proxy = await startFaultProxy('127.0.0.1', redis().port);
      const gw = await startWatchedGateway(baseConfig(upstream.baseUrl, await lines(`redis://127.0.0.1:${proxy.port}`)));
      try {
        await proxy.set(blackhole);
        await ask(gw, freshQuestion(question));
        const closed = await Promise.race([
          gw.close().then(() => true),
          new Promise<false>((resolve) => setTimeout(() => resolve(false), 5_000).unref()),
        ]);
        assert.ok(closed, `${store}: the gateway was still closing after 5 s`);
      } finally {
        await proxy.close();
      }
    });
  }
});
