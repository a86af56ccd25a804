import assert from 'node:assert/strict';
import { LOCAL_EMBEDDER_DEFAULT_DIMS, LocalEmbedder } from '@sluice/plugin-semantic-cache';

const dot = (a: readonly number[], b: readonly number[]): number => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

describe('semantic-cache: LocalEmbedder', () => {
  const embedder = new LocalEmbedder();
  const similarity = async (a: string, b: string) => dot((await embedder.embed(a)).vector, (await embedder.embed(b)).vector);

  it('is the offline sluice-lexical-v1 model with 256 dimensions, known without a call', () => {
    assert.equal(embedder.provider, 'local');
    assert.equal(embedder.model, 'sluice-lexical-v1');
    assert.equal(embedder.dims, 256);
    assert.equal(LOCAL_EMBEDDER_DEFAULT_DIMS, 256);
  });

  it('gives the same vector for the same text, across instances', async () => {
    const text = 'How do I reset my password?';
    const first = await embedder.embed(text);
    assert.deepEqual(await embedder.embed(text), first);
    assert.deepEqual(await new LocalEmbedder().embed(text), first);
    assert.equal(first.promptTokens, 0);
  });

  it('gives unit-length vectors of the configured length, whatever the text', async () => {
    const texts = ['How do I reset my password?', '', '   ', '???', 'a', '東京の天気は？', 'x'.repeat(5000), '2 + 2'];
    for (const dims of [16, 300, 512, 1024]) {
      const sized = new LocalEmbedder({ dims });
      assert.equal(sized.dims, dims);
      for (const text of texts) {
        const { vector } = await sized.embed(text);
        assert.equal(vector.length, dims);
        assert.ok(Math.abs(Math.hypot(...vector) - 1) < 1e-9, `|v| = ${Math.hypot(...vector)} for ${JSON.stringify(text)}`);
        assert.ok(vector.every(Number.isFinite));
      }
    }
  });

  it('refuses a length outside 16..8192', () => {
    for (const dims of [0, 15, 8193, 100.5])
      assert.throws(() => new LocalEmbedder({ dims }), /dims must be a whole number from 16 to 8192/);
  });

  it('puts rewordings of a question closer than other questions', async () => {
    const question = 'How do I reset my password?';
    const rewording = await similarity(question, 'how can I reset my password');
    const nearMiss = await similarity(question, 'How do I reset my username?');
    const unrelated = await similarity(question, 'What temperature should I bake bread at?');
    assert.ok(rewording > 0.92, `rewording ${rewording}`);
    assert.ok(rewording > nearMiss, `rewording ${rewording} vs near miss ${nearMiss}`);
    assert.ok(nearMiss > unrelated, `near miss ${nearMiss} vs unrelated ${unrelated}`);
    assert.ok(unrelated < 0.3, `unrelated ${unrelated}`);
  });

  it('ignores case, punctuation, accents and spelled-out contractions', async () => {
    assert.ok((await similarity("What's the café's Wi-Fi password?", 'what is the CAFE wifi password')) > 0.999);
    assert.ok((await similarity("Why can't I log in?", 'why can not i log in')) > 0.999);
  });

  it('tells word order apart: "Paris to Lyon" is not "Lyon to Paris"', async () => {
    const swapped = await similarity('How do I get from Paris to Lyon by train?', 'How do I get from Lyon to Paris by train?');
    assert.ok(swapped < 0.92, `swapped ${swapped}`);
  });

  it('weighs content words over function words', async () => {
    const functionWordChanged = await similarity('How do I cancel my order?', 'How can I cancel the order?');
    const contentWordChanged = await similarity('How do I cancel my order?', 'How do I cancel my subscription?');
    assert.ok(functionWordChanged > contentWordChanged, `${functionWordChanged} vs ${contentWordChanged}`);
  });
});
