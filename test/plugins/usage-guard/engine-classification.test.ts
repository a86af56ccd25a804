import assert from 'node:assert/strict';
import { classify, parseUsagePolicy, UsageEngine } from '@sluice/plugin-usage-guard';
import { TEST_POLICY } from './usage-under-test.js';

const policy = parseUsagePolicy(TEST_POLICY, 'test');

describe('usage engine: classification', () => {
  it('labels text by the category with the most matched terms, with a confidence of 1 − 0.5^terms', () => {
    const one = classify('I want to start a lawsuit', policy.categories);
    assert.equal(one.label, 'legal_advice');
    assert.equal(one.confidence, 0.5);
    const two = classify('What dosage? Is 400 mg safe?', policy.categories);
    assert.equal(two.label, 'medical_dosage');
    assert.equal(two.confidence, 0.75);
  });

  it('matches keywords as whole words in any case, and patterns case-insensitively', () => {
    assert.equal(classify('ATTORNEY fees', policy.categories).label, 'legal_advice');
    assert.equal(classify('attorneys-general are elected', policy.categories).label, 'general', 'a keyword is a whole word');
    assert.equal(classify('Can I SUE MY landlord', policy.categories).label, 'legal_advice');
  });

  it('counts a term once however often it occurs', () => {
    const repeated = classify('lawsuit lawsuit lawsuit lawsuit', policy.categories);
    assert.equal(repeated.matches[0]?.terms, 1);
    assert.equal(repeated.confidence, 0.5);
  });

  it('breaks a tie by the order of the file, so a label never depends on luck', () => {
    const tie = classify('an attorney and a firearm', policy.categories);
    assert.equal(tie.label, 'legal_advice');
    assert.deepEqual(
      tie.matches.map((m) => m.category.name),
      ['legal_advice', 'weapons'],
    );
  });

  it('labels text no category matches `general` with confidence 0.5', () => {
    const plain = classify('what is the capital of France', policy.categories);
    assert.deepEqual([plain.label, plain.confidence, plain.matches.length], ['general', 0.5, 0]);
  });

  it('puts classification, confidence, policy id and version in every reply, allowed or not', async () => {
    const engine = new UsageEngine({ policy });
    try {
      for (const content of ['hello there', 'a firearm please']) {
        const reply = await engine.evaluate({
          request_id: 'r',
          tenant_id: 't',
          mode: 'enforce',
          messages: [{ role: 'user', content }],
          model: 'test-model',
        });
        assert.equal(reply.policy_id, 'standard');
        assert.equal(reply.policy_version, 'test-1');
        assert.match(reply.policy_hash, /^[0-9a-f]{64}$/);
        assert.equal(typeof reply.classification, 'string');
        assert.ok(reply.confidence > 0 && reply.confidence <= 1);
      }
    } finally {
      await engine.close();
    }
  });

  it('reads every string message, not only the last one', async () => {
    const engine = new UsageEngine({ policy });
    try {
      const reply = await engine.evaluate({
        tenant_id: 't',
        messages: [
          { role: 'system', content: 'You help with a firearm shop inventory.' },
          { role: 'user', content: 'List the items.' },
        ],
        model: 'test-model',
      });
      assert.equal(reply.classification, 'weapons');
      assert.equal(reply.blocked, true);
    } finally {
      await engine.close();
    }
  });
});
