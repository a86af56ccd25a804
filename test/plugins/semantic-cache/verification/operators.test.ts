import assert from 'node:assert/strict';
import { verifyPair } from '@sluice/plugin-semantic-cache';

describe('semantic-cache verification: operators', () => {
  const differ: [string, string][] = [
    ['What is 2 + 3?', 'What is 2 * 3?'],
    ['What is 10 - 4?', 'What is 10 / 4?'],
    ['What is 7 times 8?', 'What is 7 plus 8?'],
    ['Expand (a+b)^2', 'Expand (a-b)^2'],
    ['What is 12 ÷ 4?', 'What is 12 × 4?'],
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
  ];
  for (const [a, b] of agree) {
    it(`accepts "${a}" for "${b}"`, () => assert.deepEqual(verifyPair(a, b), { ok: true }));
  }
});
