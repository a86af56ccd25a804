import assert from 'node:assert/strict';
import { SemanticCachePlugin, verifyPair } from '@sluice/plugin-semantic-cache';
import {
  closeWordingHits,
  LOCAL_VERIFY_RULES,
  NEURAL_VERIFY_RULES,
  restatedHits,
  verificationRules,
} from '../../../plugins/semantic-cache/src/verify-rules-default.js';

const neural = { provider: 'openai_compatible' as const, baseUrl: 'http://127.0.0.1:9/v1' };

describe('semantic cache: the verification rules by embedder', () => {
  it('leaves extra out with the local embedder and puts every rule in force with a neural one', () => {
    assert.ok(!LOCAL_VERIFY_RULES.includes('extra'));
    assert.ok(NEURAL_VERIFY_RULES.includes('extra'));
    assert.deepEqual([...verificationRules({ embedding: { provider: 'local' } })], [...LOCAL_VERIFY_RULES]);
    assert.deepEqual([...verificationRules({ embedding: { provider: 'openai_compatible' } })], [...NEURAL_VERIFY_RULES]);
  });

  it('answers restated questions below the threshold with either embedder, unless written off', () => {
    assert.equal(restatedHits({ embedding: { provider: 'local' } }), true);
    assert.equal(restatedHits({ embedding: { provider: 'openai_compatible' } }), true);
    assert.equal(restatedHits({ restatedHits: false, embedding: { provider: 'openai_compatible' } }), false);
    assert.equal(restatedHits({ restatedHits: false, embedding: { provider: 'local' } }), false);
    assert.equal(new SemanticCachePlugin().options.restatedHits, true);
    assert.equal(new SemanticCachePlugin({ embedding: neural }).options.restatedHits, true);
    assert.equal(new SemanticCachePlugin({ restatedHits: false }).options.restatedHits, false);
  });

  it('answers closely worded questions below the threshold with a neural embedder only, unless written', () => {
    assert.equal(closeWordingHits({ embedding: { provider: 'local' } }), false);
    assert.equal(closeWordingHits({ embedding: { provider: 'openai_compatible' } }), true);
    assert.equal(closeWordingHits({ closeWordingHits: true, embedding: { provider: 'local' } }), true);
    assert.equal(closeWordingHits({ closeWordingHits: false, embedding: { provider: 'openai_compatible' } }), false);
    assert.equal(new SemanticCachePlugin().options.closeWordingHits, false);
    assert.equal(new SemanticCachePlugin({ embedding: neural }).options.closeWordingHits, true);
    assert.equal(new SemanticCachePlugin({ embedding: neural, closeWordingHits: false }).options.closeWordingHits, false);
  });

  it('applies the written rules whatever the embedder', () => {
    assert.deepEqual(verificationRules({ verifyRules: ['numbers'], embedding: { provider: 'openai_compatible' } }), ['numbers']);
    assert.deepEqual(verificationRules({ verifyRules: ['extra'], embedding: { provider: 'local' } }), ['extra']);
    assert.deepEqual(verificationRules({ verifyRules: [], embedding: { provider: 'openai_compatible' } }), []);
  });

  it('gives the plugin its embedder’s rules when none are written', () => {
    assert.ok(!new SemanticCachePlugin().options.verifyRules.includes('extra'));
    assert.ok(new SemanticCachePlugin({ embedding: neural }).options.verifyRules.includes('extra'));
    assert.deepEqual(new SemanticCachePlugin({ embedding: neural, verifyRules: ['names'] }).options.verifyRules, ['names']);
  });

  it('with extra, refuses a word that narrows and passes one that narrows nothing', () => {
    const all = new Set(NEURAL_VERIFY_RULES);
    assert.deepEqual(verifyPair('Can cats drink milk?', 'Can cats safely drink milk?', all), {
      ok: false,
      reason: 'extra',
    });
    assert.deepEqual(
      verifyPair('How much is it to insure my car for a year?', 'How much is it to insure my electric car for a year?', all),
      {
        ok: false,
        reason: 'extra',
      },
    );
    assert.deepEqual(verifyPair('At what age should kids get a phone?', 'At what age should kids get their own phone?', all), {
      ok: true,
    });
    assert.deepEqual(verifyPair('How do I reset my password?', 'How do I reset my account password?', all), { ok: true });
  });
});
