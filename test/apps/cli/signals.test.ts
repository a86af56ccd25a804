import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { startGatewayProcess, writeConfig } from './gateway-process.js';

const config = (upstream: FakeUpstream, extra = '') =>
  `listen_addr 127.0.0.1:0;\nupstream_base_url ${upstream.baseUrl};\nupstream_timeout_seconds 10;\nmodel_price test-model 1 2;\ngraceful_shutdown_timeout_seconds 5;\n${extra}`;

const ask = (url: string, content: string, model = 'test-model') =>
  fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content }] }),
  });

describe('gateway process: SIGHUP reload', () => {
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(async () => upstream?.close());

  it('keeps the running config when the new file is broken, and applies a valid one', async () => {
    const file = await writeConfig(config(upstream));
    const { child, url } = await startGatewayProcess(file);
    try {
      await writeFile(file, `${config(upstream)}model_price broken;\n`);
      child.signal('SIGHUP');
      await child.waitForLine(/reload failed; keeping the running configuration/, 10_000);
      assert.equal((await ask(url, 'still serving')).status, 200);

      await writeFile(file, `${config(upstream)}model_price other-model 1 2;\n`);
      child.signal('SIGHUP');
      await child.waitForLine(/configuration reloaded/, 10_000);
      assert.equal((await ask(url, 'new model', 'other-model')).status, 200);
    } finally {
      await child.kill();
    }
  });
});

describe('gateway process: graceful shutdown', () => {
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(async () => upstream?.close());

  it('finishes a request in flight, refuses new work, and exits 0', async () => {
    const file = await writeConfig(config(upstream));
    const { child, url } = await startGatewayProcess(file);
    try {
      upstream.behave({ kind: 'delay', ms: 1500 });
      const inFlight = ask(url, 'slow one');
      while (upstream.calls.length === 0) await new Promise((r) => setTimeout(r, 20));
      child.signal('SIGTERM');
      const response = await inFlight;
      assert.equal(response.status, 200);
      assert.ok(((await response.json()) as { choices: unknown[] }).choices.length > 0);
      const exit = await child.exited;
      assert.equal(exit.code, 0);
      await assert.rejects(fetch(`${url}/healthz`));
    } finally {
      await child.kill();
    }
  });
});
