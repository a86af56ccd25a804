import assert from 'node:assert/strict';
import { conditionOf } from '../../../../plugins/semantic-cache/src/verification/conditions.js';
import { itAcceptsBothWays, itRefusesBothWays } from './pair-cases.js';

describe('semantic-cache verification: a condition and what follows from it, traded', () => {
  it('reads the "if" clause apart from the rest, and nothing from an opening "if" with no comma', () => {
    assert.deepEqual(
      conditionOf([
        ['if', 'my', 'lawn', 'is', 'patchy'],
        ['should', 'i', 'reseed'],
      ]),
      {
        condition: ['lawn', 'patchy'],
        main: ['reseed'],
      },
    );
    assert.deepEqual(conditionOf([['should', 'i', 'reseed', 'if', 'my', 'lawn', 'is', 'patchy']])?.condition, ['lawn', 'patchy']);
    assert.equal(conditionOf([['if', 'i', 'reseed', 'will', 'my', 'lawn', 'be', 'patchy']]), undefined);
    assert.equal(conditionOf([['should', 'i', 'reseed', 'my', 'lawn']]), undefined);
  });

  itRefusesBothWays([
    ['relations', 'If my dog is anxious, should I crate him?', 'If I crate my dog, will he be anxious?'],
    ['relations', 'If I skip breakfast, will I gain weight?', 'If I gain weight, should I skip breakfast?'],
    // A word in both conditions ("ball"): what each says beyond it traded.
    ['relations', 'If I sell my old car, can I still insure my new car?', 'If I insure my new car, can I still sell my old car?'],
  ]);

  itAcceptsBothWays([
    ['If my dog is anxious, should I crate him?', 'Should I crate my dog if he is anxious?'],
    ['If I cancel my gym membership, do I get a refund?', 'Do I get a refund if I cancel my gym membership?'],
  ]);
});
