import assert from 'node:assert/strict';
import { verifyPair } from '@sluice/plugin-semantic-cache';
import { actorOf } from '../../../../plugins/semantic-cache/src/verification/actors.js';
import { lexicalTokens } from '../../../../plugins/semantic-cache/src/embeddings/lexical-tokens.js';

describe('semantic-cache verification: who acts', () => {
  it('reads the party right after the opening auxiliary', () => {
    assert.equal(actorOf(lexicalTokens('Can my landlord charge me for a broken boiler?')), 'landlord');
    assert.equal(actorOf(lexicalTokens('How much notice do I have to give my landlord?')), 'speaker');
    assert.equal(actorOf(lexicalTokens("Why can't my friends see my story?")), 'friend');
    assert.equal(actorOf(lexicalTokens('If my brother cosigns my loan, will it help my credit?')), 'brother');
    // A statement before the question: its auxiliary follows its subject, and "they" stands for a party named before.
    assert.equal(actorOf(lexicalTokens("I'm a nurse - can I adopt my nephew?")), 'speaker');
    assert.equal(actorOf(lexicalTokens('My grandparents are Irish - can they adopt me?')), 'grandparent');
    assert.equal(actorOf(lexicalTokens('can they adopt me'), 'grandparent'), 'grandparent');
    // "you" asked in general is the asker.
    assert.equal(actorOf(lexicalTokens('How do you reset your password?')), 'speaker');
    // No party there, a choice of parties, or no auxiliary near the start: no actor.
    assert.equal(actorOf(lexicalTokens('Is it safe to eat raw eggs?')), undefined);
    assert.equal(actorOf(lexicalTokens('Are cats or dogs better for people who work long hours?')), undefined);
    assert.equal(actorOf(lexicalTokens('What happens to a tree that falls on a house in a storm if nobody can?')), undefined);
  });

  const traded: [string, string][] = [
    ['Can a tenant sue a landlord for mold?', 'Can a landlord sue a tenant for mold?'],
    ['Can my employer make me move from salary to hourly?', 'Can I ask my employer to move me from hourly to salary?'],
    ['Do I have to pay taxes on money I gift to my son?', 'Does my son have to pay taxes on money I gift him?'],
    ['Can a photographer post photos of me online?', 'Can I post photos a photographer took of me online?'],
    ['Can a nurse refuse to treat a patient?', 'Can a patient refuse to be treated by a nurse?'],
    ["I'm an Irish citizen - can I sponsor my grandparents?", 'My grandparents are Irish citizens - can they sponsor me?'],
    ['How can a tutor tell if a student is bluffing?', 'How can a student tell if a tutor is bluffing?'],
  ];
  // The same deed done by another party.
  traded.push(['Can my bank close my account without notice?', 'Can I close my account without notice?']);
  for (const [a, b] of traded)
    it(`refuses ${JSON.stringify(a)} for ${JSON.stringify(b)}: the parties traded roles`, () => {
      assert.deepEqual(verifyPair(a, b), { ok: false, reason: 'relations' });
      assert.deepEqual(verifyPair(b, a), { ok: false, reason: 'relations' });
    });

  const same: [string, string][] = [
    ['How do you reset your password?', 'How do I reset my password?'],
    ['Are cats or dogs better for people who work long hours?', 'For people who work long hours, are dogs or cats better?'],
    // One party acts in one and is absent from the other: left to the people rule.
    ['Can my landlord enter without notice?', 'Can a landlord enter my flat without notice?'],
    // The question proper acts, not its "if" clause, wherever the clause stands.
    ['If my dog is anxious, should I crate him?', 'Should I crate my dog if he is anxious?'],
  ];
  for (const [a, b] of same)
    it(`passes ${JSON.stringify(a)} for ${JSON.stringify(b)}`, () => {
      assert.deepEqual(verifyPair(a, b), { ok: true });
      assert.deepEqual(verifyPair(b, a), { ok: true });
    });
});
