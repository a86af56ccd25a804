import assert from 'node:assert/strict';
import { lexicalTokens } from '../../../../plugins/semantic-cache/src/embeddings/lexical-tokens.js';
import { frequencies } from '../../../../plugins/semantic-cache/src/verification/frequency.js';
import { itAcceptsBothWays, itRefusesBothWays } from './pair-cases.js';

describe('semantic-cache verification: how often', () => {
  it('reads the frequencies a question says, phrases before their words', () => {
    assert.deepEqual(frequencies(lexicalTokens('Is it bad to take ibuprofen once in a while?')), ['sometimes']);
    assert.deepEqual(frequencies(lexicalTokens('Should I water my fern every day or once a week?')), ['daily', 'weekly']);
    assert.deepEqual(frequencies(lexicalTokens('Do cats always land on their feet?')), ['always']);
    assert.deepEqual(frequencies(lexicalTokens('How do I descale a kettle?')), []);
  });

  itRefusesBothWays([
    ['dates', 'Is it safe to use retinol every day?', 'Is it safe to use retinol once in a while?'],
    ['dates', 'Do cats always land on their feet?', 'Do cats usually land on their feet?'],
    ['dates', 'Should I back up my laptop weekly?', 'Should I back up my laptop monthly?'],
  ]);

  itAcceptsBothWays(
    [
      ['Is it ok to run every day?', 'Is it okay to go running daily?'],
      ['Should I water my fern once a week?', 'Should I water my fern weekly?'],
      // One says how often, the other does not: left to the other rules.
      ['Is it safe to use retinol every day?', 'Is it safe to use retinol?'],
    ],
    'dates',
  );
});
