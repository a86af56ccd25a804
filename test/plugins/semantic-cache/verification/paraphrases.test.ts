import assert from 'node:assert/strict';
import { NEURAL_VERIFY_RULES, questionFacts, verifyPair } from '@sluice/plugin-semantic-cache';

describe('semantic-cache verification: plain paraphrases pass', () => {
  const paraphrases: [string, string][] = [
    ['How do I reset my password?', 'How can I reset my password'],
    ['Hi, could you please tell me how to reset my password?', 'how do i reset my password'],
    ["What's the difference between let and const in JavaScript?", 'What is the difference between let and const in JavaScript?'],
    ['In Python, how do I read a file line by line?', 'How do I read a file line by line in Python?'],
    ['Where is my package?', "Where's my package?"],
    ['My printer won’t connect to Wi-Fi', 'My printer will not connect to WiFi'],
    ['How do I set up 2-factor authentication?', 'How do I set up two factor authentication?'],
    // "w/o" and "w/" spelled out: no division, and "without" on both sides.
    ['How do I unclog a drain w/o chemicals?', 'How do I unclog a drain without chemicals?'],
    ['Is coffee w/ oat milk vegan?', 'Is coffee with oat milk vegan?'],
    // "less" before one end of a scale says the other.
    ['Is it cheaper to fly or take the train to Boston?', 'Is it less expensive to fly or take the train to Boston?'],
    // "without" leads to the same thing wherever its phrase stands.
    ['Without a car, how do I get to the airport from downtown?', 'How do I get to the airport from downtown without a car?'],
    ['', ''],
  ];
  for (const [a, b] of paraphrases) {
    it(`accepts "${a}" for "${b}"`, () => {
      assert.deepEqual(verifyPair(a, b), { ok: true });
      assert.deepEqual(verifyPair(b, a), { ok: true });
    });
  }

  // Words that add nothing, with every rule in force (`extra` among them, a neural embedder's default).
  const passing: [string, string][] = [
    ["What's the ideal temperature for a wine fridge?", "What's the best temperature for a wine fridge?"],
    ['Do people use fax machines anymore?', 'Do people still use fax machines?'],
  ];
  for (const [a, b] of passing) {
    it(`accepts "${a}" for "${b}" with every rule`, () => {
      assert.deepEqual(verifyPair(a, b, new Set(NEURAL_VERIFY_RULES)), { ok: true });
      assert.deepEqual(verifyPair(b, a, new Set(NEURAL_VERIFY_RULES)), { ok: true });
    });
  }

  it('reads the facts it compares', () => {
    const facts = questionFacts("When was I charged 2 + 3 dollars last month, and why can't I get a refund without a receipt?");
    assert.deepEqual(
      {
        numbers: facts.numbers,
        units: facts.units,
        operators: facts.operators,
        negations: facts.negations,
        dates: facts.dates,
        asks: facts.asks,
        form: facts.form,
        asked: facts.asked,
        people: [...facts.people],
        words: facts.words.map((w) => w.word),
      },
      {
        numbers: ['2', '3'],
        units: ['usd'],
        operators: ['+'],
        negations: 2,
        dates: ['last month'],
        asks: 'when',
        form: 'wh',
        asked: 2,
        people: ['speaker'],
        words: ['charged', 'refund', 'receipt'],
      },
    );
  });

  it('gives the same answer every time', () => {
    const first = verifyPair('What is 2 + 3?', 'What is 2 + 4?');
    for (let i = 0; i < 3; i += 1) assert.deepEqual(verifyPair('What is 2 + 3?', 'What is 2 + 4?'), first);
  });
});
