import assert from 'node:assert/strict';
import { lexicalTokens } from '../../../../plugins/semantic-cache/src/embeddings/lexical-tokens.js';
import { carriers } from '../../../../plugins/semantic-cache/src/verification/carriers.js';
import { flippedVoice, passivesOf } from '../../../../plugins/semantic-cache/src/verification/voice.js';
import { itAcceptsBothWays, itRefusesBothWays } from './pair-cases.js';

describe('semantic-cache verification: the passive voice read in the active order', () => {
  it('finds a participle after a form of "be", with its doer after "by" or with none', () => {
    assert.deepEqual(passivesOf(lexicalTokens('Was Rome sacked by the Visigoths?')), [{ deed: 2, by: 3 }]);
    assert.deepEqual(passivesOf(lexicalTokens('should the filter be replaced')), [{ deed: 4, by: undefined }]);
    assert.deepEqual(passivesOf(lexicalTokens('Did the Visigoths sack Rome?')), []);
    // "by" after a word in "-ed" with no "be" before it is no passive: "sorted by date".
    assert.deepEqual(passivesOf(lexicalTokens('how do I list files sorted by date')), []);
    assert.deepEqual(passivesOf(lexicalTokens('is a hundred by the door')), []);
    // A particle between the participle and its "by".
    assert.deepEqual(passivesOf(lexicalTokens('was the merger called off by the board')), [{ deed: 3, by: 5 }]);
  });

  it('puts the doer first and what is done to after the deed', () => {
    assert.deepEqual(
      carriers(lexicalTokens('Was Rome sacked by the Visigoths?')),
      carriers(lexicalTokens('Did the Visigoths sack Rome?')),
    );
    assert.deepEqual(
      carriers(lexicalTokens('should the filter in my dryer be replaced')),
      carriers(lexicalTokens('should I replace the filter in my dryer')),
    );
    // The doer's words stop where a clause opens after them.
    assert.deepEqual(
      carriers(lexicalTokens('is the heater switched on by the thermostat when the room cools')),
      carriers(lexicalTokens('does the thermostat switch on the heater when the room cools')),
    );
  });

  itAcceptsBothWays(
    [
      ['Was Rome sacked by the Visigoths in 410?', 'Did the Visigoths sack Rome in 410?'],
      ['How is insulin made by the pancreas?', 'How does the pancreas make insulin?'],
      ['How often should the filter in my dryer be cleaned?', 'How often should I clean my dryer filter?'],
      // A participle a stem does not join to its verb.
      ['Did the New York Times buy Wordle?', 'Was Wordle bought by the New York Times?'],
      ['Does the employer or the employee pay FUTA tax?', 'is FUTA tax paid by employees or by employers'],
    ],
    'relations',
  );

  itRefusesBothWays([
    ['relations', 'Was Rome sacked by the Visigoths?', 'Did Rome sack the Visigoths?'],
    ['relations', 'Is the cat chased by the dog?', 'Does the cat chase the dog?'],
    // A pronoun opens the doer's words.
    ['relations', 'Can my daughter be dropped by her club team midseason?', 'Can my daughter drop her club team midseason?'],
    // The one a passive is done to acts in the other, with or without a "by".
    ['relations', 'how much do comedians get paid for open mics', 'how much do comedians pay for open mics'],
    ['relations', 'Do wildlife rehabbers get paid by the state?', 'Do wildlife rehabbers have to pay the state?'],
    ['relations', 'My 3-year-old was bitten by another kid at daycare.', 'My 3 year old bit another kid at daycare.'],
  ]);

  it('reads at most eight passives of a text, so rewriting them stays linear in its length', () => {
    const crafted = Array.from({ length: 4000 }, (_, i) => `x${i} is paid by y${i}`).join(' ');
    assert.equal(passivesOf(lexicalTokens(crafted)).length, 8);
  });

  it('reads no flip where the participle stands as it is on both sides, or where a verb takes another', () => {
    const stem = (token: string) => token.replace(/(ed|s)$/, '');
    const voiced = (text: string) => {
      const tokens = lexicalTokens(text);
      return { tokens, passives: passivesOf(tokens) };
    };
    assert.equal(flippedVoice(voiced('any tips are appreciated'), voiced('any tips appreciated'), stem), false);
    assert.equal(
      flippedVoice(voiced('my kid keeps getting picked up late'), voiced('the carpool keeps picking my kid up late'), stem),
      false,
    );
    assert.equal(
      flippedVoice(voiced('do comedians get paid'), voiced('do comedians pay'), (t) => (t === 'paid' ? 'pay' : t)),
      true,
    );
  });
});
