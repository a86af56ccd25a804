import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EvidenceEvent } from '@sluice/core';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { baseConfig, startGateway } from './gateway-under-test.js';

describe('gateway: the semantic threshold a lookup applies follows the embedder unless written', () => {
  let upstream: FakeUpstream;
  let dir: string;
  let started = 0;
  before(async () => {
    upstream = await startFakeUpstream();
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-gw-threshold-'));
  });
  after(async () => {
    await upstream?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The threshold in the evidence of one semantic lookup, with these lines in the config. */
  async function lookupThreshold(lines: string): Promise<number | undefined> {
    const gw = await startGateway(
      baseConfig(upstream.baseUrl, `semantic_cache_enabled on;\nsemantic_cache_data_dir ${dir}/${started++};\n${lines}`),
    );
    const events: EvidenceEvent[] = [];
    gw.gateway.runtime.kernel.hooks.evidence.tap('test-capture', (event) => void events.push(event));
    try {
      await gw.client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'Is it raining?' }] });
      const lookup = events.find((e) => e.cache?.cache_type === 'semantic' && e.event_type === 'cache.lookup');
      return lookup?.cache?.threshold;
    } finally {
      await gw.close();
    }
  }

  it('0.92 with the local embedder, 0.95 with openai_compatible, a written value with either', async () => {
    const neural = `embedding_provider openai_compatible;\nembedding_base_url ${upstream.baseUrl};\n`;
    assert.equal(await lookupThreshold(''), 0.92);
    assert.equal(await lookupThreshold(neural), 0.95);
    assert.equal(await lookupThreshold(`${neural}semantic_similarity_threshold 0.9;\n`), 0.9);
    assert.equal(await lookupThreshold('semantic_similarity_threshold 0.97;\n'), 0.97);
  });
});
