import assert from 'node:assert/strict';
import { lexicalTokens } from '../../../../plugins/semantic-cache/src/embeddings/lexical-tokens.js';
import { deedsOf } from '../../../../plugins/semantic-cache/src/verification/deeds.js';
import { itAcceptsBothWays, itRefusesBothWays } from './pair-cases.js';

describe('semantic-cache verification: who does each thing', () => {
  it('reads each party with the word it does, past auxiliaries and adverbs, and no choice of parties', () => {
    const by = (question: string) => deedsOf(lexicalTokens(question)).map((deed) => deed.by);
    assert.deepEqual(by('Do I have to pay tax on money my parents gave me?'), ['speaker', 'parent']);
    assert.deepEqual(by('what do I do when my professor keeps interrupting me'), ['professor']);
    assert.deepEqual(by('he hurt my feelings and I cried'), ['other', 'speaker']);
    assert.deepEqual(deedsOf(lexicalTokens('Are cats or dogs better for people who work long hours?')), []);
    // "we" is the asker and others together: no one doer.
    assert.deepEqual(deedsOf(lexicalTokens('How do we stay close?')), []);
  });

  it('reads the asker as the one who does what "is it … to" names, and no one when "for" names another', () => {
    const deeds = (question: string) => deedsOf(lexicalTokens(question)).map((deed) => `${deed.by} ${deed.action}`);
    assert.deepEqual(deeds('is it wrong to text my ex?'), ['speaker text']);
    assert.deepEqual(deeds('Would it be rude to call my boss on a Sunday?'), ['speaker call']);
    assert.deepEqual(deeds("It's normal to fight with my parents?"), ['speaker fight']);
    assert.deepEqual(deeds('is it wrong for my ex to text me?'), []);
  });

  const swapped: [string, string][] = [
    // Past "have to", "need to": the one who must is the one who does.
    ['After the breakup, do I need to give her back the ring?', 'After the breakup, does she need to give me back the ring?'],
    ['my wife snores and I cannot sleep, any tips?', 'I snore and my wife cannot sleep, any tips?'],
    ['How do I tell my sister that she hurt my feelings?', 'How do I tell my sister that I hurt her feelings?'],
    ['I rear-ended a taxi driver, will my premium go up?', 'a taxi driver rear-ended me, will my premium go up?'],
    [
      'my landlord keeps texting me late at night, is that allowed?',
      'i keep texting my landlord late at night, is that allowed?',
    ],
    ['is it okay to ignore my parents when they call?', 'is it okay that my parents ignore me when I call?'],
    ['Is it weird to lecture my roommate about chores?', 'Is it weird that my roommate lectures me about chores?'],
  ];
  itRefusesBothWays(
    swapped.map(([a, b]) => ['relations', a, b] as const),
    ': another party does the same thing',
  );

  const same: [string, string][] = [
    // "he" may be any party but the asker.
    ['My son says he hates school, what should I do?', 'What should I do if my son hates school?'],
    ['Are cats or dogs better for people who work long hours?', 'For people who work long hours, are dogs or cats better?'],
    ['My best friend is moving abroad. How do we stay close?', 'How do best friends stay close? Mine is moving abroad.'],
    ['When my partner gets angry, how do I calm things down?', 'How do I calm things down when my partner gets angry?'],
    ['Is it okay to ask my landlord for a new fridge?', 'Can I ask my landlord for a new fridge?'],
  ];
  itAcceptsBothWays(same, 'relations');
});
