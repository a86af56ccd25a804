import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import OpenAI from 'openai';
import { pino } from 'pino';
import { ConfigErrors } from '@sluice/config';
import { Stage, type Kernel, type Plugin } from '@sluice/core';
import { Gateway } from '@sluice/gateway';
import { parseGatewayConfig } from '@sluice/preset-gateway';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { TOPIC_GUARD_SOURCE, writePluginPackages, type PluginPackages } from '../../fixtures/plugin-packages.js';
import { baseConfig } from './gateway-under-test.js';

/** A plugin composed in code: counts the requests its runtime saw. */
class RequestCounter implements Plugin {
  readonly name = 'request-counter';
  seen = 0;
  apply(kernel: Kernel): void {
    kernel.hooks.preGuard.tapPromise({ name: this.name, stage: Stage.ADMISSION }, async () => {
      this.seen += 1;
      return undefined;
    });
  }
}

describe('gateway: plugin blocks and plugins composed in code', () => {
  let packages: PluginPackages;
  let upstream: FakeUpstream;

  before(async () => {
    packages = await writePluginPackages({ '@acme/sluice-topic-guard': TOPIC_GUARD_SOURCE });
    upstream = await startFakeUpstream();
  });
  after(async () => {
    await upstream.close();
    await packages.remove();
  });

  it("reports a plugin block's problems together with the preset's own, in file order", async () => {
    const text = 'streaming_enabled maybe;\nplugin @acme/sluice-topic-guard { allowed_topicz billing; }\nplugin @acme/absent;\n';
    await assert.rejects(parseGatewayConfig(text, join(packages.dir, 'gateway.conf'), { env: {} }), (error: unknown) => {
      assert.ok(error instanceof ConfigErrors);
      const lines = error.errors.map((e) => e.message.replace(`${packages.dir}/`, ''));
      assert.equal(lines.length, 3);
      assert.match(lines[0]!, /^gateway\.conf:1:19: streaming_enabled: <flag> must be on, off/);
      assert.match(
        lines[1]!,
        /^gateway\.conf:2:35: plugin @acme\/sluice-topic-guard: unknown directive "allowed_topicz"; did you mean "allowed_topics"\?/,
      );
      assert.match(lines[2]!, /^gateway\.conf:3:1: plugin @acme\/absent cannot be loaded: it is not installed/);
      return true;
    });
  });

  it('runs a plugin loaded from the config file and one composed in code, and rebuilds both on reload', async () => {
    const file = join(packages.dir, 'gateway.conf');
    const write = (topics: string) =>
      writeFile(file, baseConfig(upstream.baseUrl, `plugin @acme/sluice-topic-guard { allowed_topics ${topics}; }`));
    await write('billing');
    const counters: RequestCounter[] = [];
    const composed = () => {
      const counter = new RequestCounter();
      counters.push(counter);
      return counter;
    };
    const gateway = await Gateway.fromFile(file, { logger: pino({ level: 'silent' }), plugins: [composed] });
    try {
      const { url } = await gateway.listen('127.0.0.1:0');
      const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'k', maxRetries: 0, timeout: 10_000 });
      const ask = (content: string) =>
        client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content }] });

      assert.equal((await ask('a billing question')).object, 'chat.completion');
      await assert.rejects(ask('the weather today'), (error: unknown) => {
        assert.ok(error instanceof OpenAI.APIError);
        assert.equal(error.status, 403);
        assert.equal(error.code, 'plugin_request_blocked');
        assert.equal(error.message, '403 Off-topic request.');
        return true;
      });
      assert.deepEqual(gateway.runtime.kernel.plugins.map((p) => p.name).slice(-2), ['topic-guard', 'request-counter']);
      assert.equal(counters[0]?.seen, 2);

      await write('weather');
      assert.equal(await gateway.reload(), true);
      assert.equal((await ask('the weather today')).object, 'chat.completion');
      assert.equal(counters.length, 2);
      assert.equal(counters[1]?.seen, 1);
    } finally {
      await gateway.shutdown();
    }
  });
});
