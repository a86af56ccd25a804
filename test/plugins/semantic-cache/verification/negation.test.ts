import assert from 'node:assert/strict';
import { verifyPair } from '@sluice/plugin-semantic-cache';
import { inNegationIdiom } from '../../../../plugins/semantic-cache/src/verification/negation-idioms.js';

describe('semantic-cache verification: negation', () => {
  const differ: [string, string][] = [
    ['Can I freeze cooked rice?', "Can't I freeze cooked rice?"],
    ['Should I store bread in the fridge?', 'Should I not store bread in the fridge?'],
    ['How do I make pancakes with eggs?', 'How do I make pancakes without eggs?'],
    ['Which fruits can dogs eat?', 'Which fruits can dogs never eat?'],
    ['Is there a fee?', 'Is there no fee?'],
    ['Why does my app crash?', 'Why doesnt my app crash?'],
    ['Why does my app crash?', 'Why does my app not crash?'],
    // The same words outside an idiom negate.
    ['I have time to cook, what should I make?', 'I have no time to cook, what should I make?'],
    ['Is it a good idea to co-sign a loan?', 'Is it not a good idea to co-sign a loan?'],
    // A verb that says no.
    ['Why do some churches ordain women?', 'Why do some churches refuse to ordain women?'],
  ];
  for (const [a, b] of differ) {
    it(`refuses "${a}" for "${b}"`, () => {
      assert.deepEqual(verifyPair(a, b), { ok: false, reason: 'negation' });
      assert.deepEqual(verifyPair(b, a), { ok: false, reason: 'negation' });
    });
  }

  const agree: [string, string][] = [
    ["Why can't I log in?", 'Why cannot I log in?'],
    ["Why doesn't my bread rise?", 'Why does my bread not rise?'],
    ['Why won’t my printer connect?', 'Why will my printer not connect?'],
    ['How do I cook rice without a rice cooker?', 'How do I cook rice with no rice cooker?'],
    ["Why won't my car start?", 'Why does my car refuse to start?'],
    // Idioms whose negation words negate nothing.
    ['How can I furnish an apartment without breaking the bank?', 'How can I furnish an apartment cheaply?'],
    ["There's nothing like fresh bread. How do I make a simple loaf?", 'How do I make a simple loaf of bread?'],
    ["Where can I buy a sofa that won't break the bank?", 'Where can I buy a cheap sofa?'],
    [
      "My doctor says it wouldn't hurt to lose some weight. How do I start?",
      'My doctor says to lose some weight. How do I start?',
    ],
    [
      "I can't recommend Portugal enough, but which city should I see first?",
      'I love Portugal, but which city should I see first?',
    ],
    [
      "I couldn't be happier to get a job offer, but how do I negotiate the salary?",
      'I got a job offer; how do I negotiate the salary?',
    ],
    ["I can't for the life of me get CSS flexbox to centre things. How?", 'How do I centre things with CSS flexbox?'],
  ];
  for (const [a, b] of agree) {
    it(`accepts "${a}" for "${b}"`, () => assert.deepEqual(verifyPair(a, b), { ok: true }));
  }

  it('reads an idiom on the tokens, a gap of up to three words included', () => {
    assert.ok(inNegationIdiom(['in', 'no', 'time'], 1));
    assert.ok(inNegationIdiom(['can', 'not', 'recommend', 'this', 'place', 'enough'], 1));
    assert.ok(inNegationIdiom(['will', 'not', 'take', 'no', 'for', 'an', 'answer'], 3));
    assert.ok(!inNegationIdiom(['i', 'have', 'no', 'time'], 2));
    assert.ok(!inNegationIdiom(['can', 'not', 'recommend', 'a', 'b', 'c', 'd', 'enough'], 1));
  });
});
