import assert from 'node:assert/strict';
import { lexicalTokens } from '../../../../plugins/semantic-cache/src/embeddings/lexical-tokens.js';
import { doingsOf, tradedWhRoles } from '../../../../plugins/semantic-cache/src/verification/wh-roles.js';
import { itAcceptsBothWays, itRefusesBothWays } from './pair-cases.js';

describe('semantic-cache verification: the asked thing acting in one question and undergoing in the other', () => {
  const facts = (text: string) => {
    const tokens = lexicalTokens(text);
    return { tokens, doings: doingsOf(tokens) };
  };
  const traded = (a: string, b: string) => tradedWhRoles(facts(a), facts(b));

  it('reads one doing for each split of the words after the auxiliary, and none without a question word', () => {
    assert.deepEqual(doingsOf(lexicalTokens('which apps do teens use')), [{ doer: ['teens'], verb: 'use' }]);
    assert.deepEqual(doingsOf(lexicalTokens('do teens use these apps')), []);
  });

  it('reads the doer after "do", "does" or "did" in one or two words, and finds it after the same verb in the other', () => {
    assert.equal(traded('Which painters did Monet inspire?', 'Which painters inspired Monet?'), true);
    assert.equal(traded('what apps do teenagers use', 'what apps use teenagers'), true);
    assert.equal(traded('Which bands did the Beatles influence?', 'Which bands influenced the Beatles?'), true);
    assert.equal(traded('Why does stress make insomnia worse?', 'Why does insomnia make stress worse?'), true);
    // A modal takes the place of "do": the party after it acts.
    assert.equal(
      traded('How can nurses support doctors on night shifts?', 'How can doctors support nurses on night shifts?'),
      true,
    );
    assert.equal(traded('How should managers help new hires?', 'How should new hires help managers?'), true);
  });

  it('reads no trade in a question against itself, a symmetric verb, a conjunction, a passive, a describing "-ing", or without a question word', () => {
    assert.equal(traded('Which painters did Monet inspire?', 'Which painters did Monet inspire?'), false);
    assert.equal(traded('Who did Marie Curie marry?', 'Who married Marie Curie?'), false);
    assert.equal(traded('What do Spain and Portugal share?', 'What are the shared traits between Portugal and Spain?'), false);
    assert.equal(traded('Which painters did Monet inspire?', 'Which painters were inspired by Monet?'), false);
    assert.equal(traded('Do teenagers use these apps?', 'what apps use teenagers'), false);
    // An "-ing" form before a noun describes it.
    assert.equal(traded('How should a coat fit?', 'What does a well fitting coat look like?'), false);
  });

  itRefusesBothWays(
    [
      ['relations', 'Which composers did Mozart admire?', 'Which composers admired Mozart?'],
      ['relations', 'what questions do recruiters ask', 'what questions do you ask recruiters'],
      ['relations', 'Which teams did the Lakers beat this season?', 'Which teams beat the Lakers this season?'],
      ['relations', 'How does poor sleep affect anxiety?', 'How does anxiety affect poor sleep?'],
      // The passive names its doer after "by": the asked thing undergoes.
      ['relations', 'Who was betrayed by Brutus?', 'Who betrayed Brutus?'],
      // The doer a pronoun, in a wh-clause inside the question or with do-support, the other's the one acted on.
      ['relations', 'how do i see which pro players follow me on twitter', 'how do i see which pro players i follow on twitter'],
      ['relations', 'how can I find out who blocked me on instagram', 'how can I find out who I blocked on instagram'],
      ['relations', 'which pro players follow me on twitter', 'which pro players do i follow on twitter'],
      // The owner asked in one is the one named as owner in the other.
      ['relations', "Who was Theseus's son?", 'Whose son was Theseus?'],
    ],
    ': the asked thing acts in one and undergoes in the other',
  );

  itAcceptsBothWays(
    [
      ['Which composers did Mozart admire?', 'Which composers was Mozart an admirer of?'],
      ['What countries does the Danube flow through?', 'Which countries does the Danube flow through?'],
      ['Who did Marie Curie marry?', 'Who married Marie Curie?'],
      ['How do plants make food?', 'How is food made by plants?'],
      ['Who was betrayed by Brutus?', 'Who did Brutus betray?'],
      ['which laptop should I buy for college', 'which laptop I should buy for college'],
      ['how can I see who I blocked on instagram', 'who did I block on instagram'],
    ],
    'relations',
  );
});
