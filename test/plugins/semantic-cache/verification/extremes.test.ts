import assert from 'node:assert/strict';
import { questionFacts } from '@sluice/plugin-semantic-cache';
import { flippedComparison } from '../../../../plugins/semantic-cache/src/verification/extremes.js';
import { itAcceptsBothWays, itRefusesBothWays } from './pair-cases.js';

describe('semantic-cache verification: a comparison turned round', () => {
  const flipped = (a: string, b: string) => flippedComparison(questionFacts(a), questionFacts(b));

  it('reads the two sides of "than" traded with the scale turned round, and only both together', () => {
    assert.equal(flipped('Is granite harder than marble?', 'Is marble softer than granite?'), true);
    assert.equal(flipped('Is granite harder than marble?', 'Is marble harder than granite?'), false);
    assert.equal(flipped('Is granite harder than marble?', 'Is granite softer than marble?'), false);
    assert.equal(flipped('Is granite hard?', 'Is marble soft?'), false);
  });

  itAcceptsBothWays([
    ['Is the Eiffel Tower older than the Statue of Liberty?', 'Is the Statue of Liberty younger than the Eiffel Tower?'],
    ["Is a pilot's job more stressful than a surgeon's?", "Is a surgeon's job less stressful than a pilot's job?"],
  ]);

  itRefusesBothWays([
    [
      'relations',
      'Is the Eiffel Tower older than the Statue of Liberty?',
      'Is the Statue of Liberty older than the Eiffel Tower?',
    ],
    [
      'antonyms',
      'Is the Eiffel Tower older than the Statue of Liberty?',
      'Is the Eiffel Tower younger than the Statue of Liberty?',
    ],
  ]);
});
