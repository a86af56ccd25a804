import assert from 'node:assert/strict';
import { NEURAL_VERIFY_RULES, questionFacts, sameContent, verifyPair } from '@sluice/plugin-semantic-cache';
import { wordDifference } from '../../../../plugins/semantic-cache/src/verification/word-match.js';
import { distinctPrompts } from '../saved-entries.js';

/** A pasted document: 20,000 characters of distinct words, far past the rules' pairwise comparison. */
const [DOCUMENT] = distinctPrompts(1, 20_000);
const ONE_WORD_CHANGED = `${DOCUMENT!.slice(0, -6)}zzzzzz`;

describe('semantic-cache verification: a long text', () => {
  it('passes only as the cached text itself, case and punctuation aside', () => {
    assert.deepEqual(verifyPair(DOCUMENT!, `${DOCUMENT!.toUpperCase()}!`), { ok: true });
    assert.deepEqual(verifyPair(DOCUMENT!, ONE_WORD_CHANGED), { ok: false, reason: 'words' });
    assert.deepEqual(verifyPair(ONE_WORD_CHANGED, DOCUMENT!), { ok: false, reason: 'words' });
  });

  it('reads many clauses, conditions, owners and counts in time that grows with the length alone', function () {
    // Each text is read once for every rule; a reading that compares every clause with those before it took
    // minutes here.
    this.timeout(60_000);
    const all = new Set(NEURAL_VERIFY_RULES);
    const started = performance.now();
    for (const [a, b] of [
      ['if a b c, d e f '.repeat(4000), 'if d e f, a b c '.repeat(4000)],
      ['my mom, can they go. '.repeat(4000), 'x, y. '.repeat(4000)],
      ["my ball hits my partner's ball ".repeat(3000), "my partner's ball hits my ball ".repeat(3000)],
      ['multiple a1 b1 '.repeat(4000), 'multiple b1 a1 '.repeat(4000)],
      [`${'the father of zeus '.repeat(5000)}who is the father of`, 'who is the father of zeus '.repeat(5000)],
    ] as const)
      for (const rule of all) verifyPair(a, b, new Set([rule]));
    assert.ok(performance.now() - started < 30_000, `${Math.round(performance.now() - started)} ms`);
  });

  it('reads of a document only its tokens and words, whatever it holds: crafted passives, owners and conditions', () => {
    for (const [unit, count] of [
      [(i: number) => `x${i} is paid by y${i}`, 4000],
      [(i: number) => `my x${i}'s y${i}`, 8000],
      [(i: number) => `if x${i} then y${i},`, 8000],
    ] as const) {
      const crafted = Array.from({ length: count }, (_, i) => unit(i)).join(' ');
      const facts = questionFacts(crafted);
      assert.equal(facts.document, true);
      assert.deepEqual([facts.carriers, facts.relations, facts.possessions, [...facts.named]], [[], [], [], []]);
      // Compared token for token: itself passes, the same units in another order do not.
      assert.deepEqual(verifyPair(crafted, crafted), { ok: true });
      const reordered = Array.from({ length: count }, (_, i) => unit(count - 1 - i)).join(' ');
      assert.deepEqual(verifyPair(crafted, reordered), { ok: false, reason: 'words' });
    }
  });

  it('reads a question of a few hundred tokens rule by rule', () => {
    assert.equal(questionFacts('How long is the flight from New York to London? '.repeat(20)).document, false);
  });

  it('is never read as a restated question', () => {
    assert.equal(sameContent(questionFacts(DOCUMENT!), questionFacts(DOCUMENT!)), false);
  });

  it('has its word difference looked up word by word: the changed word on each side, read as a collision', () => {
    const { onlyFirst, onlySecond, collision } = wordDifference(
      questionFacts(DOCUMENT!).words,
      questionFacts(ONE_WORD_CHANGED).words,
    );
    assert.deepEqual(
      onlySecond.map((word) => word.word),
      ['zzzzzz'],
    );
    assert.equal(onlyFirst.length, 1);
    assert.equal(collision, true);
  });
});
