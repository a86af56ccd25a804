import assert from 'node:assert/strict';
import { Kernel } from '@sluice/core';
import { semanticKey, type SemanticEntry } from '@sluice/plugin-semantic-cache';
import type { SearchOptions, VectorHit, VectorStore } from '@sluice/vector-store';
import { pino } from 'pino';
import { semanticMetrics } from '../../../plugins/semantic-cache/src/semantic-metrics.js';
import { verifiedSearch } from '../../../plugins/semantic-cache/src/verified-search.js';
import { metricValue } from '../../fixtures/stub-upstream.js';

const QUESTION = 'How do I reset my password on Nimbus 4?';
const key = semanticKey({ model: 'm', messages: [{ role: 'user', content: QUESTION }] }, 'default', false);
const RULES = { threshold: 0.9, verify: true, candidates: 4, searchEf: 32, quickSearchEf: 8 };

function hit(id: number, similarity: number, question: string): VectorHit<SemanticEntry> {
  const payload = {
    scope: key.scope,
    expires_at: Date.now() + 60_000,
    created_at: Date.now(),
    question,
    answer: '{}',
    model: 'm',
  };
  return { id, similarity, distance: 1 - similarity, payload };
}

/** A store that answers each breadth with its own hits and records what it was asked. */
function storeAnswering(byEf: (ef: number) => VectorHit<SemanticEntry>[]) {
  const calls: SearchOptions[] = [];
  const store = {
    search: async (_vector: readonly number[], options: SearchOptions) => {
      calls.push(options);
      return byEf(options.ef!);
    },
  } as unknown as VectorStore<SemanticEntry>;
  return { store, calls };
}

describe('semantic-cache verifiedSearch: a quick narrow walk, the full one only when it finds no verified hit', () => {
  let kernel: Kernel;
  let metrics: ReturnType<typeof semanticMetrics>;
  const counter = (name: string, labels: Record<string, string>) => metricValue(kernel.metrics, name, labels);
  beforeEach(() => {
    kernel = new Kernel({ logger: pino({ level: 'silent' }) });
    metrics = semanticMetrics(kernel);
  });

  it('a verified hit of the quick walk answers without a second search', async () => {
    const { store, calls } = storeAnswering(() => [hit(1, 0.97, 'How can I reset my password on Nimbus 4')]);
    const { found, best } = await verifiedSearch(store, [1], key, RULES, metrics);
    assert.equal(found?.id, 1);
    assert.equal(best?.id, 1);
    assert.deepEqual(
      calls.map((c) => [c.k, c.ef]),
      [[4, 8]],
    );
    assert.equal(calls[0]?.filter?.match?.scope, key.scope);
    assert.equal(await counter('gw_semantic_threshold_results_total', { result: 'pass' }), 1);
  });

  it('when the quick walk finds nothing above the threshold, the full walk runs and its nearest answers', async () => {
    const { store, calls } = storeAnswering((ef) =>
      ef === 8 ? [hit(2, 0.7, 'How do I export my invoices?')] : [hit(1, 0.96, 'how do i reset my password on nimbus 4')],
    );
    const { found, best } = await verifiedSearch(store, [1], key, RULES, metrics);
    assert.equal(found?.id, 1);
    assert.equal(best?.similarity, 0.96);
    assert.deepEqual(
      calls.map((c) => c.ef),
      [8, 32],
    );
    // One lookup, one threshold result: the full walk's nearest.
    assert.equal(await counter('gw_semantic_threshold_results_total', { result: 'pass' }), 1);
    assert.equal(await counter('gw_semantic_threshold_results_total', { result: 'fail' }), 0);
  });

  it('a candidate both walks find and verification rejects is judged and counted once; the miss reports the full walk', async () => {
    const near = hit(3, 0.95, 'How do I reset my password on Nimbus 5?');
    const { store, calls } = storeAnswering((ef) => (ef === 8 ? [near] : [near, hit(4, 0.5, 'What is a password?')]));
    const { found, best } = await verifiedSearch(store, [1], key, RULES, metrics);
    assert.equal(found, undefined);
    assert.equal(best?.id, 3);
    assert.equal(calls.length, 2);
    assert.equal(await counter('gw_semantic_verification_results_total', { result: 'numbers' }), 1);
  });

  it('quickSearchEf 0, or not below searchEf, searches once at searchEf; the breadth is never below k', async () => {
    for (const quickSearchEf of [0, 32, 64]) {
      const { store, calls } = storeAnswering(() => []);
      assert.deepEqual(await verifiedSearch(store, [1], key, { ...RULES, quickSearchEf }, metrics), {
        best: undefined,
        found: undefined,
        sameWording: false,
      });
      assert.deepEqual(
        calls.map((c) => c.ef),
        [32],
        `quickSearchEf ${quickSearchEf}`,
      );
    }
    const { store, calls } = storeAnswering(() => []);
    await verifiedSearch(store, [1], key, { ...RULES, quickSearchEf: 2, candidates: 6 }, metrics);
    assert.deepEqual(
      calls.map((c) => c.ef),
      [6, 32],
    );
  });

  it('with verification off, the first candidate above the threshold answers', async () => {
    const { store } = storeAnswering(() => [hit(5, 0.95, 'How do I reset my password on Nimbus 5?')]);
    const { found } = await verifiedSearch(store, [1], key, { ...RULES, verify: false }, metrics);
    assert.equal(found?.id, 5);
  });

  describe('below the threshold, down to sameWordingThreshold', () => {
    const WORDED = { ...RULES, sameWordingThreshold: 0.8, restatedThreshold: 0.8 };

    it('the question written another way answers, and the lookup says so', async () => {
      const { store } = storeAnswering(() => [hit(6, 0.84, 'how do i reset my pasword on nimbus 4')]);
      const { found, sameWording } = await verifiedSearch(store, [1], key, WORDED, metrics);
      assert.equal(found?.id, 6);
      assert.equal(sameWording, true);
      assert.equal(await counter('gw_semantic_threshold_results_total', { result: 'same_wording' }), 1);
      assert.equal(await counter('gw_semantic_threshold_results_total', { result: 'fail' }), 0);
      // The verification's counter keeps to candidates above the threshold.
      assert.equal(await counter('gw_semantic_verification_results_total', { result: 'pass' }), 0);
    });

    it('a paraphrase in other words, or the same words with another number, does not', async () => {
      const { store } = storeAnswering(() => [
        hit(7, 0.88, 'What are the steps to reset a Nimbus 4 password?'),
        hit(8, 0.86, 'How do I reset my password on Nimbus 5?'),
      ]);
      const { found, best, sameWording } = await verifiedSearch(store, [1], key, WORDED, metrics);
      assert.equal(found, undefined);
      assert.equal(best?.id, 7);
      assert.equal(sameWording, false);
      assert.equal(await counter('gw_semantic_threshold_results_total', { result: 'fail' }), 1);
    });

    it('with restated hits on, the same content words in another order answer too; another number still does not', async () => {
      const { store } = storeAnswering(() => [
        hit(8, 0.86, 'How do I reset my password on Nimbus 5?'),
        hit(7, 0.84, 'What are the steps to reset a Nimbus 4 password?'),
      ]);
      const { found, sameWording } = await verifiedSearch(store, [1], key, { ...WORDED, restatedHits: true }, metrics);
      assert.equal(found?.id, 7);
      assert.equal(sameWording, true);
      assert.equal(await counter('gw_semantic_threshold_results_total', { result: 'same_wording' }), 1);
    });

    it('with close wording on, a question worded closely answers; one worded further apart, or about another thing, does not', async () => {
      const candidates = () => [
        // The lexical embedder scores these 0.845 and 0.986 against the new question: only the second is close.
        hit(12, 0.86, 'Any tips for resetting my password on Nimbus 4?'),
        hit(13, 0.85, 'Could someone tell me how to reset my password on Nimbus 4?'),
      ];
      const off = await verifiedSearch(storeAnswering(candidates).store, [1], key, WORDED, metrics);
      assert.equal(off.found, undefined);
      const on = await verifiedSearch(storeAnswering(candidates).store, [1], key, { ...WORDED, closeWordingHits: true }, metrics);
      assert.deepEqual([on.found?.id, on.sameWording], [13, true]);
      assert.equal(await counter('gw_semantic_threshold_results_total', { result: 'same_wording' }), 1);
      const other = await verifiedSearch(
        storeAnswering(() => [hit(14, 0.88, 'How do I reset my security question on Nimbus 4?')]).store,
        [1],
        key,
        { ...WORDED, closeWordingHits: true },
        metrics,
      );
      assert.equal(other.found, undefined);
    });

    it('a candidate above the threshold still answers first, and below the wording threshold nothing does', async () => {
      const above = await verifiedSearch(
        storeAnswering(() => [hit(9, 0.93, 'How can I reset my password on Nimbus 4?'), hit(10, 0.85, QUESTION.toLowerCase())])
          .store,
        [1],
        key,
        WORDED,
        metrics,
      );
      assert.deepEqual([above.found?.id, above.sameWording], [9, false]);
      const below = await verifiedSearch(
        storeAnswering(() => [hit(11, 0.79, QUESTION.toLowerCase())]).store,
        [1],
        key,
        WORDED,
        metrics,
      );
      assert.equal(below.found, undefined);
    });

    it('the same wording answers down to its own floor, a restated question only down to the restated one', async () => {
      const apart = { ...WORDED, sameWordingThreshold: 0.5, restatedHits: true };
      const worded = await verifiedSearch(
        storeAnswering(() => [hit(15, 0.6, 'how do i reset my pasword on nimbus 4')]).store,
        [1],
        key,
        apart,
        metrics,
      );
      assert.deepEqual([worded.found?.id, worded.sameWording], [15, true]);
      const restated = await verifiedSearch(
        storeAnswering(() => [hit(16, 0.7, 'What are the steps to reset a Nimbus 4 password?')]).store,
        [1],
        key,
        apart,
        metrics,
      );
      assert.equal(restated.found, undefined);
      const lower = await verifiedSearch(
        storeAnswering(() => [hit(17, 0.7, 'What are the steps to reset a Nimbus 4 password?')]).store,
        [1],
        key,
        { ...apart, restatedThreshold: 0.65 },
        metrics,
      );
      assert.equal(lower.found?.id, 17);
    });

    it('with verification off, the wording makes no hit', async () => {
      const { store } = storeAnswering(() => [hit(12, 0.85, QUESTION.toLowerCase())]);
      const { found } = await verifiedSearch(store, [1], key, { ...WORDED, verify: false }, metrics);
      assert.equal(found, undefined);
    });
  });

  it('a store failure rejects, for the caller to apply semantic_fail_open', async () => {
    const store = {
      search: async () => {
        throw new Error('vector store down');
      },
    } as unknown as VectorStore<SemanticEntry>;
    await assert.rejects(verifiedSearch(store, [1], key, RULES, metrics), /vector store down/);
  });
});
