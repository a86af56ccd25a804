import assert from 'node:assert/strict';
import { questionFacts, sameContent, verifyPair } from '@sluice/plugin-semantic-cache';
import { spelledOut } from '../../../../plugins/semantic-cache/src/verification/acronyms.js';

describe('semantic-cache verification: initials and the name they stand for', () => {
  it('finds where a question spells out initials, leaving out "of", "and", "the"', () => {
    assert.deepEqual(spelledOut('nyc', ['is', 'new', 'york', 'city', 'safe']), [1, 4]);
    assert.deepEqual(spelledOut('abms', ['the', 'american', 'board', 'of', 'medical', 'specialties']), [1, 6]);
    assert.deepEqual(spelledOut('wap', ['a', 'wireless', 'access', 'point']), [1, 4]);
    assert.equal(spelledOut('nyc', ['new', 'jersey', 'city']), undefined);
    // Not initials: one letter, seven, or anything but letters.
    assert.equal(spelledOut('n', ['new']), undefined);
    assert.equal(spelledOut('abcdefg', ['a', 'b', 'c', 'd', 'e', 'f', 'g']), undefined);
    assert.equal(spelledOut('f1', ['formula', 'one']), undefined);
  });

  it('passes initials against the name spelled out, either way round, and reads them as restated', () => {
    const pairs: [string, string][] = [
      ['Is the NYC subway safe at night?', 'Is the New York City subway safe at night?'],
      ["What's the difference between a WAP and a router?", "what's the difference between a wireless access point and a router"],
      ['How do I book BC Ferries to Victoria?', 'How do I book British Columbia Ferries to Victoria?'],
    ];
    for (const [a, b] of pairs) {
      assert.deepEqual(verifyPair(a, b), { ok: true }, `${a} / ${b}`);
      assert.deepEqual(verifyPair(b, a), { ok: true }, `${b} / ${a}`);
      assert.equal(sameContent(questionFacts(a), questionFacts(b)), true, `${a} / ${b}`);
    }
  });

  it('still refuses other initials and other names', () => {
    assert.deepEqual(verifyPair('Is the NYC subway safe at night?', 'Is the LA subway safe at night?'), {
      ok: false,
      reason: 'names',
    });
    assert.deepEqual(verifyPair('Is the NYC subway safe at night?', 'Is the New Jersey City subway safe at night?'), {
      ok: false,
      reason: 'names',
    });
  });
});
