import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import type { Child } from '../../fixtures/child-process.js';
import { parsePrometheusText } from '../../fixtures/prometheus.js';
import { startGatewayProcess, writeConfig } from '../../apps/cli/gateway-process.js';
import { QUESTIONS, paraphrase } from './saved-entries.js';

const config = (upstream: FakeUpstream, dataDir: string, maxEntries: number, extra = '') =>
  `listen_addr 127.0.0.1:0;
upstream_base_url ${upstream.baseUrl};
upstream_timeout_seconds 10;
model_price test-model 1 2;
graceful_shutdown_timeout_seconds 5;
exact_cache_enabled off;
semantic_cache_enabled on;
semantic_cache_data_dir ${dataDir};
semantic_cache_max_entries ${maxEntries};
${extra}`;

async function ask(url: string, content: string): Promise<string | null> {
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content }] }),
  });
  assert.equal(response.status, 200);
  await response.arrayBuffer();
  return response.headers.get('x-sluice-cache');
}

async function metric(url: string, name: string, labels: Record<string, string> = {}): Promise<number> {
  const family = parsePrometheusText(await (await fetch(`${url}/metrics`)).text()).get(name);
  const samples = family?.samples.filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v)) ?? [];
  return samples.reduce((sum, s) => sum + s.value, 0);
}

/** SIGHUP, then wait for the reload's `count`-th "configuration reloaded" line of the process. */
async function reload(child: Child, count: number): Promise<void> {
  child.signal('SIGHUP');
  const deadline = Date.now() + 15_000;
  while (child.lines.filter((line) => line.includes('configuration reloaded')).length < count) {
    if (Date.now() > deadline) throw new Error(`no reload ${count}; output:\n${child.lines.slice(-20).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('gateway process: a SIGHUP reload and the semantic store bound', () => {
  let upstream: FakeUpstream;
  let child: Child | undefined;
  let file: string;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(async () => {
    await child?.kill();
    await upstream?.close();
    if (file !== undefined) await rm(path.dirname(file), { recursive: true, force: true });
  });

  it('keeps semantic_cache_max_entries across a reload, applies a lowered one at once, and keeps the entries hit last', async function () {
    this.timeout(60_000);
    file = await writeConfig('');
    const dataDir = path.join(path.dirname(file), 'semantic');
    await writeFile(file, config(upstream, dataDir, 4));
    const started = await startGatewayProcess(file);
    child = started.child;
    const { url } = started;

    for (const question of QUESTIONS.slice(0, 6)) assert.equal(await ask(url, question), 'miss');
    assert.equal(await metric(url, 'gw_semantic_store_entries'), 4);
    assert.equal(await metric(url, 'gw_semantic_evictions_total', { reason: 'capacity' }), 2);
    // The oldest entry left; hit now, it becomes the one used last.
    assert.equal(await ask(url, paraphrase(QUESTIONS[2])), 'hit-semantic');

    // The same bound, another change: the next runtime restores the four entries, in the order they were used.
    await writeFile(file, config(upstream, dataDir, 4, 'model_price other-model 1 2;\n'));
    await reload(child, 1);
    assert.equal(await metric(url, 'gw_semantic_store_entries'), 4);
    for (const question of QUESTIONS.slice(6, 8)) assert.equal(await ask(url, question), 'miss');
    assert.equal(await metric(url, 'gw_semantic_store_entries'), 4);
    assert.equal(await metric(url, 'gw_semantic_evictions_total', { reason: 'capacity' }), 4);
    assert.equal(
      await ask(url, paraphrase(QUESTIONS[2])),
      'hit-semantic',
      'the entry hit before the reload outlived two newer ones',
    );

    // A lower bound: applied by the reload itself, keeping the two entries used last.
    await writeFile(file, config(upstream, dataDir, 2));
    await reload(child, 2);
    assert.equal(await metric(url, 'gw_semantic_store_entries'), 2);
    assert.equal(await metric(url, 'gw_semantic_evictions_total', { reason: 'capacity' }), 6);
    assert.equal(await ask(url, paraphrase(QUESTIONS[7])), 'hit-semantic', 'stored last');
    assert.equal(await ask(url, paraphrase(QUESTIONS[2])), 'hit-semantic', 'hit last');
    assert.equal(await ask(url, QUESTIONS[8]), 'miss');
    assert.equal(await metric(url, 'gw_semantic_store_entries'), 2, 'the lowered bound holds for new entries');
    assert.equal(await metric(url, 'gw_semantic_evictions_total', { reason: 'capacity' }), 7);
  });
});
