import assert from 'node:assert/strict';
import { verifyPair } from '@sluice/plugin-semantic-cache';

describe('semantic-cache verification: negation', () => {
  const differ: [string, string][] = [
    ['Can I freeze cooked rice?', "Can't I freeze cooked rice?"],
    ['Should I store bread in the fridge?', 'Should I not store bread in the fridge?'],
    ['How do I make pancakes with eggs?', 'How do I make pancakes without eggs?'],
    ['Which fruits can dogs eat?', 'Which fruits can dogs never eat?'],
    ['Is there a fee?', 'Is there no fee?'],
    ['Why does my app crash?', 'Why doesnt my app crash?'],
    ['Why does my app crash?', 'Why does my app not crash?'],
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
  ];
  for (const [a, b] of agree) {
    it(`accepts "${a}" for "${b}"`, () => assert.deepEqual(verifyPair(a, b), { ok: true }));
  }
});
