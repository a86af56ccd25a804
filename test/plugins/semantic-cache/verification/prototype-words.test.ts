import assert from 'node:assert/strict';
import { questionFacts, verifyPair } from '@sluice/plugin-semantic-cache';
import { numbersAsDigits } from '../../../../plugins/semantic-cache/src/embeddings/number-words.js';

// Word tables are looked up with a question's own words: Object.prototype's names must read as plain words.
describe('semantic-cache verification: words that are Object.prototype names', () => {
  const words = ['constructor', '__proto__', 'tostring', 'valueof', 'hasownproperty', 'isprototypeof'];

  it('numbersAsDigits keeps them as they are', () => {
    assert.deepEqual(numbersAsDigits(['the', ...words, 'two']), ['the', ...words, '2']);
    assert.deepEqual(numbersAsDigits(['constructor', 'hundred']), ['constructor', '100']);
  });

  it('questionFacts finds no number, operator, date or question word in them', () => {
    const { numbers, operators, negations, dates, asks, people, units } = questionFacts(
      'The constructor 2 constructor 3, __proto__ of valueOf?',
    );
    assert.deepEqual(
      { numbers, operators, negations, dates, asks, people: [...people], units },
      { numbers: ['2', '3'], operators: [], negations: 0, dates: [], asks: undefined, people: [], units: [] },
    );
  });

  it('a pair about them is verified on its numbers like any other', () => {
    assert.deepEqual(verifyPair('What does constructor 2 return?', 'What does constructor 3 return?'), {
      ok: false,
      reason: 'numbers',
    });
    assert.equal(verifyPair('What does the constructor return?', 'What does a constructor return?').ok, true);
  });
});
