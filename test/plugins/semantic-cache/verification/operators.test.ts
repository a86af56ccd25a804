import assert from 'node:assert/strict';
import { verifyPair } from '@sluice/plugin-semantic-cache';

describe('semantic-cache verification: operators', () => {
  const differ: [string, string][] = [
    ['What is 2 + 3?', 'What is 2 * 3?'],
    ['What is 10 - 4?', 'What is 10 / 4?'],
    ['What is 7 times 8?', 'What is 7 plus 8?'],
    ['Expand (a+b)^2', 'Expand (a-b)^2'],
    ['What is 12 ÷ 4?', 'What is 12 × 4?'],
    // "and" for "or", every other word the same: both at once against either one.
    ['What are the odds of drawing a queen and a spade?', 'What are the odds of drawing a queen or a spade?'],
    [
      'My son has a cold. Should I give him ibuprofen and paracetamol?',
      'My son has a cold. Should I give him ibuprofen or paracetamol?',
    ],
  ];
  for (const [a, b] of differ) {
    it(`refuses "${a}" for "${b}"`, () => {
      assert.deepEqual(verifyPair(a, b), { ok: false, reason: 'operators' });
      assert.deepEqual(verifyPair(b, a), { ok: false, reason: 'operators' });
    });
  }

  const agree: [string, string][] = [
    ['What is 2 + 3?', 'What is 2 plus 3?'],
    ['What is 7 * 8?', 'What is 7 multiplied by 8?'],
    ['What is 12 / 4?', 'What is 12 divided by 4?'],
    ['How many times a day should I brush?', 'How many times per day should I brush?'],
    // The same "and", the things in another order.
    ['Can dogs eat grapes and raisins?', 'Can dogs eat raisins and grapes?'],
  ];
  for (const [a, b] of agree) {
    it(`accepts "${a}" for "${b}"`, () => assert.deepEqual(verifyPair(a, b), { ok: true }));
  }
});
