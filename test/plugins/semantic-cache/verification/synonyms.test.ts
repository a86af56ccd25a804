import assert from 'node:assert/strict';
import { questionFacts, sameContent, sameWording, verifyPair } from '@sluice/plugin-semantic-cache';
import { synonymStems } from '../../../../plugins/semantic-cache/src/verification/synonyms.js';
import { stemOf } from '../../../../plugins/semantic-cache/src/verification/stems.js';

describe('semantic-cache verification: words a question uses for one another', () => {
  const same: [string, string][] = [
    ['delete', 'remove'],
    ['deleting', 'removing'],
    ['fixed', 'repaired'],
    ['kids', 'children'],
    ['lawyer', 'attorney'],
    ['happens', 'occurs'],
    ['physician', 'doctor'],
    ['stitching', 'sewing'],
    ['sticky', 'tacky'],
    ['bunnies', 'rabbits'],
    ['see', 'check'],
    ['stop', 'prevent'],
    ['keep', 'last'],
  ];
  for (const [a, b] of same)
    it(`"${a}" and "${b}" stand for each other`, () => {
      assert.ok(synonymStems(stemOf(a), stemOf(b)));
      assert.ok(synonymStems(stemOf(b), stemOf(a)));
    });

  // Each is a synonym of a third word, not of each other; or a word with a sense the other lacks.
  const other: [string, string][] = [
    ['repair', 'resolve'],
    ['remove', 'erase'],
    ['movie', 'film'],
    ['show', 'display'],
    ['pick', 'choose'],
    ['delete', 'delay'],
  ];
  for (const [a, b] of other) it(`"${a}" and "${b}" do not`, () => assert.ok(!synonymStems(stemOf(a), stemOf(b))));

  it('a synonym swapped in place passes the verification, and the question reads as its own wording', () => {
    const pairs: [string, string][] = [
      ['How do I delete my Facebook account permanently?', 'How do I remove my Facebook account permanently?'],
      ['Do I need a lawyer to write a will?', 'Do I need an attorney to write a will?'],
      ['How do earthquakes happen?', 'How do earthquakes occur?'],
    ];
    for (const [a, b] of pairs) {
      assert.deepEqual(verifyPair(a, b), { ok: true }, `${a} / ${b}`);
      assert.ok(sameWording(questionFacts(a), questionFacts(b)), `${a} / ${b}`);
    }
  });

  it('a synonym restated in another order is a restated question', () => {
    assert.ok(
      sameContent(
        questionFacts('How do I resolve a merge conflict in git?'),
        questionFacts('git merge conflict: how do I fix it?'),
      ),
    );
  });

  it('a swap that is not a synonym is still refused', () => {
    assert.equal(verifyPair('How do I delete my Facebook account?', 'How do I deactivate my Facebook account?').ok, false);
    assert.equal(verifyPair('Is it safe to give my kid ibuprofen?', 'Is it safe to give my dog ibuprofen?').ok, false);
  });
});
