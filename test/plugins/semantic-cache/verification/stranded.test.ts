import assert from 'node:assert/strict';
import { lexicalTokens } from '../../../../plugins/semantic-cache/src/embeddings/lexical-tokens.js';
import { strandedTrade } from '../../../../plugins/semantic-cache/src/verification/stranded.js';
import { itAcceptsBothWays, itRefusesBothWays } from './pair-cases.js';

describe('semantic-cache verification: a preposition left at the end', () => {
  const trade = (a: string, b: string) => strandedTrade(lexicalTokens(a), lexicalTokens(b));

  it('reads a trade around "the N P" only, not a verb whose object was asked for', () => {
    assert.equal(trade('Who is Cronus the father of?', 'Who is the father of Cronus?'), true);
    assert.equal(trade('Which country is Lima the capital of?', 'Lima is the capital of which country?'), false);
    assert.equal(trade('Which format should I save in?', 'Should I save in PNG or JPEG?'), false);
  });

  itRefusesBothWays([
    ['relations', 'Who is Cronus the father of?', 'Who is the father of Cronus?'],
    ['relations', 'Which company is Instagram a subsidiary of?', 'Which company is a subsidiary of Instagram?'],
  ]);

  itAcceptsBothWays(
    [
      ['Which country is Lima the capital of?', 'Lima is the capital of which country?'],
      ['Which format should I save my photos in?', 'Should I save my photos in PNG or JPEG, which format?'],
    ],
    'relations',
  );
});
