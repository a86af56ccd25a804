import assert from 'node:assert/strict';
import { verifyPair } from '@sluice/plugin-semantic-cache';

describe('semantic-cache verification: numbers', () => {
  const differ: [string, string][] = [
    ['What is 2 + 3?', 'What is 2 + 4?'],
    ['What was the inflation rate in 2023?', 'What was the inflation rate in 2024?'],
    ['How do I install Node 18?', 'How do I install Node 20?'],
    ['Is IPv4 supported?', 'Is IPv6 supported?'],
    ['What is new in Python 3.12?', 'What is new in Python 3.11?'],
    ['Can I get a refund after 30 days?', 'Can I get a refund after three days?'],
    ['Do you offer free shipping?', 'Do you offer free shipping over $50?'],
    ['What is 3 to the power of 2?', 'What is 2 to the power of 3?'],
    ['How much tax do I pay on $50,000?', 'How much tax do I pay on $5,000?'],
    ['Is a 3.5 GPA good?', 'Is a three point two GPA good?'],
    ['Is it safe to drive at 70 mph?', 'Is it safe to drive at 70 kilometres per hour?'],
    ['What happened in the 18th century?', 'What happened in the nineteenth century?'],
  ];
  for (const [a, b] of differ) {
    it(`refuses "${a}" for "${b}"`, () => {
      assert.deepEqual(verifyPair(a, b), { ok: false, reason: 'numbers' });
      assert.deepEqual(verifyPair(b, a), { ok: false, reason: 'numbers' });
    });
  }

  const agree: [string, string][] = [
    ['I have 3 apples and eat one, how many are left?', 'I have three apples and eat 1, how many are left?'],
    ['What is twenty-five percent of 80?', 'What is 25% of 80?'],
    ['Why was I charged twice?', 'Why was I charged two times?'],
    ['What happened on July 4th, 1776?', 'What happened on the fourth of July, 1776?'],
    ['How much is 1,000 yen in dollars?', 'How much is 1000 yen in dollars?'],
    ['Is 5 million users a lot?', 'Is five million users a lot?'],
    ['Is a 3.5 GPA good?', 'Is a three point five GPA good?'],
    ['Is it safe to drive at 70 mph?', 'Is it safe to drive at seventy miles per hour?'],
    ['Does water boil at 100 degrees Celsius?', 'Does water boil at 100 °C?'],
    ['How tall is a 12 year old?', 'How tall is a twelve-year-old?'],
    ['What happened in the 19th century?', 'What happened in the nineteenth century?'],
    ['Can I boil an egg in 6 min?', 'Can I boil an egg in six minutes?'],
  ];
  for (const [a, b] of agree) {
    it(`accepts "${a}" for "${b}"`, () => assert.deepEqual(verifyPair(a, b), { ok: true }));
  }
});
