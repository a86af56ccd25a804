import assert from 'node:assert/strict';
import { CLOSE_WORDING_SIMILARITY, CloseWording, closelyWorded } from '@sluice/plugin-semantic-cache';

describe('semantic cache close wording: two questions the lexical embedder scores close', () => {
  it('holds for a clause moved, a framing phrase added or case and punctuation changed', () => {
    assert.equal(CLOSE_WORDING_SIMILARITY, 0.9);
    for (const [a, b] of [
      ['Who was Genghis Khan?', "I'd like to know who Genghis Khan was."],
      ['Could someone tell me how to change the margins in Google Docs?', 'How do I change the margins in Google Docs?'],
      ['For a school project, why did the Aztec empire fall?', "Why did the Aztec empire fall? It's for a school project."],
      ['How do I reset my router?', 'how can I reset my router'],
    ]) {
      assert.equal(closelyWorded(a!, b!), true, `${a} / ${b}`);
      assert.equal(closelyWorded(b!, a!), true, `${b} / ${a}`);
    }
  });

  it('does not hold when a word that carries the answer differs, or the wording is further apart', () => {
    for (const [a, b] of [
      ['Who was Genghis Khan?', 'Who was Kublai Khan?'],
      ['How do I change the margins in Google Docs?', 'How do I change the margins in Microsoft Word?'],
      ['How do I reset my Apple ID password?', 'How do I reset my Apple ID security question?'],
      ['How do I reset my password on Nimbus 4?', 'Any tips for resetting my password on Nimbus 4?'],
    ]) {
      assert.equal(closelyWorded(a!, b!), false, `${a} / ${b}`);
    }
  });

  it('compares a stored question from memory as it would afresh, long questions included', () => {
    const wording = new CloseWording();
    const fresh = wording.vectorOf('how can I reset my router');
    for (let i = 0; i < 3; i++) assert.equal(wording.isClose('How do I reset my router?', fresh), true);
    const long = `${'Please read all of this before answering. '.repeat(60)}How do I reset my router?`;
    assert.ok(long.length > 2000);
    assert.equal(wording.isClose(long, wording.vectorOf(long)), true);
    assert.equal(wording.isClose(long, fresh), false);
  });
});
