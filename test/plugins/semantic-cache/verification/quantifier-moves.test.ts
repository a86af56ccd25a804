import assert from 'node:assert/strict';
import { lexicalTokens } from '../../../../plugins/semantic-cache/src/embeddings/lexical-tokens.js';
import { contentWords } from '../../../../plugins/semantic-cache/src/verification/question-words.js';
import { countedThings } from '../../../../plugins/semantic-cache/src/verification/quantifier-moves.js';
import { itAcceptsBothWays, itRefusesBothWays } from './pair-cases.js';

describe('semantic-cache verification: a count moved to another thing', () => {
  const counts = (text: string) => {
    const tokens = lexicalTokens(text);
    return countedThings(tokens, contentWords(tokens));
  };

  it('reads each quantifier with the first content word after it, "more than" with what follows its number', () => {
    assert.deepEqual(
      counts('Can I attach multiple disks to one server?'),
      new Map([
        ['multiple', new Set(['disk'])],
        ['1', new Set(['server'])],
      ]),
    );
    assert.deepEqual(
      counts('Can I redeem more than one voucher?'),
      new Map([
        ['more', new Set(['voucher'])],
        ['1', new Set(['voucher'])],
      ]),
    );
    assert.deepEqual(counts('Is a 750 credit score good?'), new Map());
  });

  itRefusesBothWays([
    ['numbers', 'Can I attach multiple disks to one server?', 'Can I attach one disk to multiple servers?'],
    ['numbers', 'Can I redeem more than one voucher per booking?', 'Can I redeem one voucher for more than one booking?'],
    ['numbers', 'Can one user belong to several teams?', 'Can one team have several users?'],
    // Two numbers trading places between the same words.
    ['numbers', 'Can a 300 W inverter run a 700 W fridge?', 'Can a 700W inverter run a 300W fridge?'],
    [
      'numbers',
      'My flight lands at 9 and my train leaves at 10, will I make it?',
      'My flight lands at 10 and my train leaves at 9, will I make it?',
    ],
  ]);

  itAcceptsBothWays([
    ['Can I attach multiple disks to one server?', 'Is it possible to attach several disks to a single server?'],
    ['Can one user belong to several teams?', 'Can a single user be in several teams?'],
    // The same numbers in another order, the question put another way: a choice either way round.
    ['Which is better for a beginner, an 8.0 or an 8.25 deck?', 'For a beginner, is an 8.25 or an 8.0 deck better?'],
  ]);
});
