import assert from 'node:assert/strict';
import { verifyPair } from '@sluice/plugin-semantic-cache';

describe('semantic-cache verification: a phrase that narrows the question', () => {
  const differ: [string, string][] = [
    ['Can I park on the street?', 'Can I park on the street during snow emergencies?'],
    ['What are the side effects of statins?', 'What are the side effects of statins in older women?'],
    ['How often should I bathe my cat', 'How often should I bathe my cat and with which shampoo'],
    ['Is it safe to swim in the lake?', 'Is it safe to swim in the lake after heavy rain?'],
    ['Does home insurance cover a burst pipe?', 'Does home insurance cover a burst pipe because of frost?'],
    ['Can dogs eat yogurt?', 'Can dogs eat greek yogurt?'],
    ['How long should I boil pasta?', 'How long should I boil fresh pasta?'],
  ];
  for (const [a, b] of differ) {
    it(`refuses "${a}" for "${b}"`, () => {
      assert.deepEqual(verifyPair(a, b), { ok: false, reason: 'qualifier' });
      assert.deepEqual(verifyPair(b, a), { ok: false, reason: 'qualifier' });
    });
  }

  const agree: [string, string][] = [
    // The added word sits inside the question: a rephrasing, not a condition.
    ['How many calories are in an egg?', 'How many calories does a single egg have?'],
    // Words on both sides differ: not one question narrowing the other.
    ['How do I park on a hill?', 'What is the way to park on a steep hill safely?'],
    // A word of degree before the noun, or a verb form: no narrower thing.
    ['Why is my cake dense?', 'Why is my cake so dense?'],
    ['Which season is best for Japan?', 'Which season is best for visiting Japan?'],
    // A setting that changes no answer.
    ['How do I bake sourdough bread at home?', 'How do I bake sourdough bread?'],
    ['How do I learn Spanish on my own?', 'How do I learn Spanish?'],
    // The same words, the phrase only moved.
    ['In winter, how do I keep my car battery alive?', 'How do I keep my car battery alive in winter?'],
    // The asker's condition a person, stated in both: people are no content words, but the other has it too.
    ["I'm parents. How do we pick a daycare?", "I'm parents. How do we pick a daycare?"],
    ["I'm a nurse. Can I donate blood?", "I'm a nurse. Am I allowed to donate blood?"],
  ];
  for (const [a, b] of agree) {
    it(`does not refuse "${a}" for "${b}" as narrowed`, () =>
      assert.notDeepEqual(verifyPair(a, b), { ok: false, reason: 'qualifier' }));
  }
});
