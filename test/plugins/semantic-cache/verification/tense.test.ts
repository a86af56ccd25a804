import assert from 'node:assert/strict';
import { questionFacts, verifyPair } from '@sluice/plugin-semantic-cache';

const tense = (question: string) => questionFacts(question).tense;

describe('semantic verification: tense, whether a yes/no question asks of the past', () => {
  it('reads the opening auxiliary of the first yes/no question, past or not, and none of a wh-question', () => {
    assert.equal(tense('Was Pluto a planet?'), 'past');
    assert.equal(tense('Did Rome fall in 476?'), 'past');
    assert.equal(tense('Is Pluto a planet?'), 'present');
    assert.equal(tense('Will my insurance go up after one accident?'), 'present');
    assert.equal(tense('Hi! So were skinny jeans ever in style?'), 'past');
    // "ever" after an opening "has" asks of all the past; without it, of now.
    assert.equal(tense('Has Mars ever had liquid water?'), 'past');
    assert.equal(tense('Have you ever seen a comet?'), 'past');
    assert.equal(tense('Has the bank approved my loan?'), 'present');
    assert.equal(tense('When was the Eiffel Tower built?'), undefined);
    assert.equal(tense('My order was cancelled, what now?'), undefined);
  });

  it('refuses a question about the past against one about now, and passes the same tense said another way', () => {
    for (const [a, b] of [
      ['Is Pluto a planet?', 'Was Pluto a planet?'],
      ['Is cricket still an Olympic sport?', 'Was cricket ever an Olympic sport?'],
      ['Does Mars have liquid water?', 'Has Mars ever had liquid water?'],
    ]) {
      assert.deepEqual(verifyPair(a!, b!), { ok: false, reason: 'tense' }, `${a} / ${b}`);
    }
    for (const [a, b] of [
      ['Is 256GB enough storage for an iPhone?', 'Will 256 gigs of storage be enough on an iPhone?'],
      [
        'Does travel insurance cover a cancelled flight? Mine was cancelled yesterday.',
        'Mine was cancelled yesterday: does travel insurance cover a cancelled flight?',
      ],
      ['When was the Eiffel Tower built?', 'What year is the Eiffel Tower from?'],
      ['Did a woman ever run for president in France?', 'Has a woman ever run for president in France?'],
    ]) {
      assert.notEqual((verifyPair(a!, b!) as { reason?: string }).reason, 'tense', `${a} / ${b}`);
    }
  });

  it('refuses what has come about against what will, and reads neither from "have to" or "have got"', () => {
    const outlook = (question: string) => questionFacts(question).outlook;
    assert.equal(outlook('Has the road to the summit been reopened?'), 'done');
    assert.equal(outlook('Will the road to the summit be reopened?'), 'to-come');
    assert.equal(outlook('Do I have to pay tax on tips?'), undefined);
    assert.equal(outlook('Have I got to pay tax on tips?'), undefined);
    assert.equal(outlook('Has he to pay tax on tips?'), undefined);
    for (const [a, b] of [
      ['Has the road to the summit been reopened?', 'Will the road to the summit be reopened?'],
      ['Has the library closed?', 'Will the library close?'],
      ['Has the glacier become smaller?', 'Is the glacier becoming smaller?'],
    ])
      assert.deepEqual(verifyPair(a!, b!), { ok: false, reason: 'tense' }, `${a} / ${b}`);
    assert.equal(outlook('Is the glacier becoming smaller?'), 'ongoing');
    // To come and under way may ask the same; a question of now may say "will": 256 gigs above.
    assert.notEqual(
      (verifyPair('Will rents go up next year?', 'Are rents going up next year?') as { reason?: string }).reason,
      'tense',
    );
    assert.notEqual(
      (verifyPair('Will this charger work with my laptop?', 'Does this charger work with my laptop?') as { reason?: string })
        .reason,
      'tense',
    );
  });
});
