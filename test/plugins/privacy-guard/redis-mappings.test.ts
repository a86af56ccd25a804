import assert from 'node:assert/strict';
import { PrivacyEngine, redisMappingStore } from '@sluice/plugin-privacy-guard';
import { describeRedis } from '../../fixtures/redis.js';
import { redisCommand } from '../../fixtures/resp.js';
import { freePort } from '../../fixtures/free-port.js';
import { completion, privacyKernel } from './privacy-under-test.js';

const EMAIL = 'ana.lopez@example.org';

async function keysUnder(port: number, prefix: string): Promise<string[]> {
  return (await redisCommand(port, ['KEYS', `${prefix}*`], 2000)) as string[];
}

describeRedis('privacy guard: mappings in Redis', (redis) => {
  it('keeps a mapping under the prefix with Redis expiry, and another engine on the same Redis restores it', async () => {
    const options = { url: redis().url, keyPrefix: redis().prefix, timeoutMs: 1000 };
    const first = new PrivacyEngine({ mappings: await redisMappingStore(options), mappingTtlSeconds: 60 });
    const second = new PrivacyEngine({ mappings: await redisMappingStore(options) });
    try {
      const scan = await first.scan({
        tenant_id: 't',
        mode: 'anonymize',
        messages: [{ role: 'user', content: `I am ${EMAIL}` }],
      });
      const keys = await keysUnder(redis().port, redis().prefix);
      assert.equal(keys.length, 1);
      assert.ok(keys[0]!.endsWith(scan.mapping_id!));
      const ttl = (await redisCommand(redis().port, ['PTTL', keys[0]!], 2000)) as number;
      assert.ok(ttl > 0 && ttl <= 60_000, `PTTL ${ttl}`);
      const back = await second.restore({
        tenant_id: 't',
        mapping_id: scan.mapping_id!,
        messages: [{ content: 'Hi [EMAIL_1]' }],
      });
      assert.equal(back.messages[0]?.content, `Hi ${EMAIL}`);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('a mapping that expired in Redis fails the restore closed', async () => {
    const prefix = `${redis().prefix}expiry:`;
    const guard = await privacyKernel(
      { url: 'local', kvUrl: redis().url, kvKeyPrefix: prefix, mappingTtlSeconds: 0.2, failOpen: true },
      {
        answer: async (request) => {
          // Wait until Redis itself has dropped the key, so the expiry is Redis's, not a clock comparison.
          assert.equal((await keysUnder(redis().port, prefix)).length, 1);
          for (let i = 0; i < 100 && (await keysUnder(redis().port, prefix)).length > 0; i += 1) {
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          assert.equal((await keysUnder(redis().port, prefix)).length, 0, 'Redis dropped the mapping');
          return completion({ content: `Re: ${String(request.messages[0]?.content)}` });
        },
      },
    );
    try {
      assert.deepEqual(guard.plugin.health(), [{ name: 'privacy_kv', readinessRequired: true, initialised: true, up: true }]);
      const exchange = await guard.ask(`I am ${EMAIL}`);
      assert.equal(exchange.error?.code, 'privacy_restore_failed');
    } finally {
      await guard.close();
    }
  });

  it('restores through Redis in the plugin’s local mode', async () => {
    const guard = await privacyKernel({ url: 'local', kvUrl: redis().url, kvKeyPrefix: redis().prefix });
    try {
      const exchange = await guard.ask(`I am ${EMAIL}`);
      assert.equal(exchange.error, undefined);
      assert.equal(guard.received[0]?.messages[0]?.content, 'I am [EMAIL_1]');
      const body = JSON.stringify(exchange.response?.body);
      assert.ok(body.includes(EMAIL));
    } finally {
      await guard.close();
    }
  });
});

describe('privacy guard: Redis unreachable', () => {
  it('refuses to start, naming the store and not its password', async () => {
    const url = `redis://:secret-pass@127.0.0.1:${await freePort()}`;
    await assert.rejects(
      privacyKernel({ url: 'local', kvUrl: url, timeoutSeconds: 0.2 }),
      (error: Error) =>
        /plugin "privacy-guard" failed to start: Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+/.test(error.message) &&
        !error.message.includes('secret-pass'),
    );
  });
});
