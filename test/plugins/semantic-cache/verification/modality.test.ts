import assert from 'node:assert/strict';
import { questionFacts, verifyPair } from '@sluice/plugin-semantic-cache';
import { modalityOf } from '../../../../plugins/semantic-cache/src/verification/modality.js';

const modality = (question: string) => questionFacts(question).modality;

describe('semantic verification: modality, whether a question asks if one may, must or should', () => {
  it('reads permission, obligation and advice from the last modal word', () => {
    assert.equal(modality('Can I take the SAT more than once?'), 'permission');
    assert.equal(modality('Could citizens in ancient Rome vote?'), 'permission');
    assert.equal(modality('Am I allowed to bring food on a plane?'), 'permission');
    assert.equal(modality('Do I have to register a business name?'), 'obligation');
    assert.equal(modality('Do I need to wait an hour after eating?'), 'obligation');
    assert.equal(modality("Can't I park here on Sundays?"), 'permission');
    assert.equal(modality('Should I let my teenager drink at home?'), 'advice');
    assert.equal(modality('Could you tell me whether I have to pay tax on tips?'), 'obligation');
    assert.equal(modality("I can't recommend Portugal enough, but which city should I see first?"), 'advice');
    assert.equal(modality('Why is the sky blue?'), undefined);
    assert.equal(modalityOf(['i', 'have', 'a', 'cat']), undefined);
  });

  it('reads none where the modal asks for a way: right after how or what', () => {
    assert.equal(modality('How can I reset my password?'), undefined);
    assert.equal(modality('What should I do if my flight is cancelled?'), undefined);
  });

  it('reads one schedule after "how often" or "how long", whether it should or must be kept, and still reads may', () => {
    assert.equal(modality('How often do I need to change my contact lens case?'), 'advice');
    assert.equal(modality('How often should I change my contact lens case?'), 'advice');
    assert.equal(modality('How often can I donate blood?'), 'permission');
    assert.equal(modality('How long do I have to wait before swimming?'), 'advice');
    assert.equal(modality('How long can I leave hair dye on?'), 'permission');
    assert.equal(modality('Do I have to wait before swimming?'), 'obligation');
    assert.deepEqual(
      verifyPair('How long do I have to fast before a blood test?', 'How long should I fast before a blood test?'),
      {
        ok: true,
      },
    );
    assert.deepEqual(verifyPair('How often should I descale my kettle?', 'how often do I have to descale my kettle'), {
      ok: true,
    });
    assert.deepEqual(verifyPair('How often can I donate blood?', 'How often should I donate blood?'), {
      ok: false,
      reason: 'modality',
    });
  });

  it('refuses a pair that asks may against must or should, and passes the same modality said another way', () => {
    for (const [a, b] of [
      ['Can I take the SAT more than once?', 'Should I take the SAT more than once?'],
      ['How long can I leave hair dye on?', 'How long do I have to leave hair dye on?'],
      ['Do I have to register a business name?', 'Should I register a business name?'],
    ]) {
      assert.deepEqual(verifyPair(a!, b!), { ok: false, reason: 'modality' }, `${a} / ${b}`);
    }
    for (const [a, b] of [
      ['Can I take the SAT more than once?', 'Am I allowed to take the SAT more than once?'],
      ['Do I have to register a business name?', 'Must I register a business name?'],
      ['How can I reset my password?', 'How should I reset my password?'],
      ['Can I freeze cooked rice?', 'Is it safe to freeze cooked rice?'],
    ]) {
      assert.deepEqual(verifyPair(a!, b!), { ok: true }, `${a} / ${b}`);
    }
  });

  it('can be left out of the rules in force', () => {
    const rules = new Set(['numbers', 'negation'] as const);
    assert.deepEqual(verifyPair('Can I take the SAT twice?', 'Should I take the SAT twice?', rules), { ok: true });
  });
});
