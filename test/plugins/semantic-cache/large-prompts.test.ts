import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { semanticKernel, type SemanticUnderTest } from './semantic-under-test.js';
import { distinctPrompts, documentedBytes, savedEntries } from './saved-entries.js';

const PROMPTS = 16;

describe('semantic-cache: many distinct large prompts', () => {
  let dir: string;
  let sut: SemanticUnderTest | undefined;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-semantic-large-'));
  });
  after(async () => {
    await sut?.close();
    await rm(dir, { recursive: true, force: true });
  });

  // The reported symptom: distinct 200 KB prompts (40 grew a gateway by 100 MiB) each kept its question and answer for good.
  it('do not grow the in-process store past semantic_cache_max_bytes', async function () {
    // Embedding a 200 KB question takes the local embedder a few hundred milliseconds.
    this.timeout(60_000);
    const maxBytes = 1024 * 1024;
    sut = await semanticKernel({ store: { maxBytes } }, 'enforce', dir);
    for (const prompt of distinctPrompts(PROMPTS, 200 * 1024)) {
      await sut.ask(prompt);
      const held = await sut.counter('gw_semantic_store_bytes');
      assert.ok(held <= maxBytes, `${held} bytes held after a store, bound ${maxBytes}`);
    }
    assert.equal(sut.upstreamCalls(), PROMPTS);
    const entries = await sut.counter('gw_semantic_store_entries');
    // The stub answer repeats the question, so each entry holds about 400 KB.
    assert.ok(entries >= 1 && entries <= 2, `${entries} entries`);
    assert.equal(await sut.counter('gw_semantic_evictions_total', { reason: 'capacity' }), PROMPTS - entries);
    await sut.close();
    sut = undefined;
    const saved = await savedEntries(path.join(dir, 'live'));
    assert.equal(saved.length, entries);
    assert.ok(saved.reduce((sum, entry) => sum + documentedBytes(entry), 0) <= maxBytes);
  });
});
