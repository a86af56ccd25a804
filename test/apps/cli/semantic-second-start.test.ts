/**
 * `npm start`, Ctrl-C with no traffic, `npm start` again: the in-process semantic store restored from an
 * empty saved set stores and hits as before, and the process stops cleanly (it aborted before the fix).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import type { Child } from '../../fixtures/child-process.js';
import { startGatewayProcess, writeConfig } from './gateway-process.js';

async function ask(url: string, content: string): Promise<string | null> {
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content }] }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  await response.text();
  return response.headers.get('x-sluice-cache');
}

async function interrupt(child: Child): Promise<void> {
  child.signal('SIGINT');
  assert.deepEqual(await child.exited, { code: 0, signal: null }, `output:\n${child.lines.slice(-10).join('\n')}`);
}

describe('sluice gateway: the semantic cache after a start with no traffic', function () {
  this.timeout(60_000);
  let upstream: FakeUpstream;
  let dataDir: string;

  before(async () => {
    upstream = await startFakeUpstream();
    dataDir = await mkdtemp(path.join(tmpdir(), 'sluice-semantic-second-start-'));
  });
  after(async () => {
    await upstream.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores and hits after Ctrl-C with no traffic and a second start, and stops with exit code 0', async () => {
    const config = await writeConfig(
      `listen_addr 127.0.0.1:0;\nupstream_base_url ${upstream.baseUrl};\nupstream_api_key dummy;\nmodel_price test-model 1 2;\n` +
        `log_level warn;\nexact_cache_enabled off;\nsemantic_cache_enabled on;\nembedding_provider local;\n` +
        `semantic_cache_data_dir ${dataDir};\ngraceful_shutdown_timeout_seconds 5;\n`,
    );
    let gateway = await startGatewayProcess(config);
    await interrupt(gateway.child);

    gateway = await startGatewayProcess(config);
    assert.equal(await ask(gateway.url, 'How do I rotate the gateway upstream key?'), 'miss');
    assert.equal(await ask(gateway.url, 'how do I rotate the gateway upstream key'), 'hit-semantic');
    await interrupt(gateway.child);

    gateway = await startGatewayProcess(config);
    assert.equal(await ask(gateway.url, 'How do I rotate the gateway upstream key?'), 'hit-semantic');
    await interrupt(gateway.child);
  });
});
