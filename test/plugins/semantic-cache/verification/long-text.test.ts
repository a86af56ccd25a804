import assert from 'node:assert/strict';
import { questionFacts, sameContent, verifyPair } from '@sluice/plugin-semantic-cache';
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
