import assert from 'node:assert/strict';
import { semanticHitSimilarity } from '@sluice/plugin-semantic-cache';
import { semanticKernel, type SemanticUnderTest } from './semantic-under-test.js';

describe('semantic-cache: a paraphrase of the last user turn is answered from the cache', () => {
  let sut: SemanticUnderTest;
  beforeEach(async () => (sut = await semanticKernel()));
  afterEach(async () => sut.close());

  it('answers a rephrasing that shares its wording, with the similarity, and stores only fresh answers', async () => {
    const first = await sut.ask('How do I reset my password?');
    assert.equal(first.cache.status, 'miss');
    const second = await sut.ask('how do I reset my password');
    assert.equal(second.cache.status, 'hit');
    assert.equal(second.cache.layer, 'semantic');
    const similarity = semanticHitSimilarity(second) ?? 0;
    assert.ok(similarity >= 0.92);
    assert.equal(second.responseHeaders['x-sluice-similarity'], similarity.toFixed(4));
    assert.equal(second.responseHeaders['x-sluice-cache'], 'hit-semantic');
    assert.deepEqual(second.response?.body, first.response?.body);
    assert.equal(sut.upstreamCalls(), 1);
    assert.equal(await sut.counter('gw_cache_semantic_hits'), 1);
    assert.equal(await sut.counter('gw_semantic_threshold_results_total', { result: 'pass' }), 1);
  });

  for (const quickSearchEf of [8, 0]) {
    it(`semantic_quick_search_ef ${quickSearchEf}: among many stored questions, each paraphrase gets its own entry's answer`, async () => {
      await sut.close();
      sut = await semanticKernel({ quickSearchEf });
      const products = ['Nimbus', 'Orbit Mail', 'Atlas CRM', 'Beacon Notes', 'Harbor Bank'];
      const objects = ['password', 'billing plan', 'profile photo', 'API key', 'invoices', 'username', 'contacts', 'calendar'];
      const questions = products.flatMap((p) => objects.map((o) => `How do I change my ${o} on ${p}?`));
      const answers = new Map<string, unknown>();
      for (const question of questions) answers.set(question, (await sut.ask(question)).response?.body);
      for (const question of questions) {
        const exchange = await sut.ask(question.toLowerCase().replace('?', ' please'));
        assert.equal(exchange.cache.status, 'hit', question);
        assert.deepEqual(exchange.response?.body, answers.get(question), question);
      }
      assert.equal(sut.upstreamCalls(), questions.length);
    });
  }

  it('misses an unrelated question and counts the threshold failure', async () => {
    await sut.ask('How do I reset my password?');
    const other = await sut.ask('What is the capital of France?');
    assert.equal(other.cache.status, 'miss');
    assert.equal(sut.upstreamCalls(), 2);
    assert.equal(await sut.counter('gw_cache_semantic_hits'), 0);
  });

  it('rejects a near match whose numbers or negation differ', async () => {
    await sut.ask('What is 2 + 3?');
    assert.equal((await sut.ask('What is 2 + 4?')).cache.status, 'miss');
    await sut.ask('Can I cancel my order after it has shipped?');
    assert.equal((await sut.ask("Can't I cancel my order after it has shipped?")).cache.status, 'miss');
    assert.ok((await sut.counter('gw_semantic_verification_results_total')) >= 1);
  });

  it('serves a verified-away pair when verification is off, so the step is what rejects it', async () => {
    await sut.close();
    sut = await semanticKernel({ verify: false, threshold: 0.5 });
    await sut.ask('What is 2 + 3?');
    assert.equal((await sut.ask('What is 2 + 4?')).cache.status, 'hit');
  });
});
