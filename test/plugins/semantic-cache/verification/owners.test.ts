import assert from 'node:assert/strict';
import { possessionsOf, swappedOwners } from '../../../../plugins/semantic-cache/src/verification/owners.js';
import { itAcceptsBothWays, itRefusesBothWays } from './pair-cases.js';

describe('semantic-cache verification: whose each thing is', () => {
  it('reads owners from the text as typed, with "\'s" and curly apostrophes', () => {
    const owners = (text: string) => possessionsOf(text).map((p) => p.of);
    assert.deepEqual(owners("why do my mom's calls go to voicemail on my phone?"), ['speaker', 'mother', 'speaker']);
    assert.deepEqual(possessionsOf('a coworker\u2019s promotion'), [{ thing: 'promotion', of: '~coworker', after: 'a' }]);
    // The word after the thing and the word before its owner place it.
    assert.deepEqual(possessionsOf("bees from my neighbour's hive are robbing"), [
      { thing: 'neighbour', of: 'speaker', then: 'hiv', after: 'from' },
      { thing: 'hiv', of: 'neighbour', then: 'are', after: 'from' },
    ]);
    assert.deepEqual(owners("it's my dogs' toys"), ['speaker', 'dog']);
    assert.deepEqual(owners("what's he's doing, John's?"), []);
    // A closing quote is no plural owner.
    assert.deepEqual(owners("how do you say 'hello' to a stranger"), []);
    assert.deepEqual(possessionsOf('my'), []);
  });

  it('stays linear on a long text without spaces, or with many apostrophes', () => {
    const started = performance.now();
    possessionsOf("'".repeat(200_000));
    possessionsOf(`${'a'.repeat(200_000)}'s x`);
    possessionsOf("my's ".repeat(40_000));
    // Compared pairwise only up to a question's few possessions: a document of 9,000 is left to the words.
    const many = (text: string) => ({ possessions: possessionsOf(text), parties: new Set(['speaker']), words: [] });
    assert.equal(
      swappedOwners(many("my ball hits my partner's ball ".repeat(3000)), many("my partner's ball hits my ball ".repeat(3000))),
      false,
    );
    assert.ok(performance.now() - started < 5_000);
  });

  const swapped: [string, string][] = [
    ["What should I do if my husband's friends don't like me?", "What should I do if my friends don't like my husband?"],
    ['my roommate used my laptop without asking', "I used my roommate's laptop without asking"],
    ["why do my sister's texts not show up on my phone", "why do my texts not show up on my sister's phone"],
    // Both own the thing; whose of the two acts differs.
    ["Who pays if my cart hits my neighbor's cart in the lot?", "Who pays if my neighbor's cart hits my cart in the lot?"],
    ["Wasps from my nest are attacking my neighbor's nest", "Wasps from my neighbor's nest are attacking my nest"],
    // "someone's" is another's, as "his" is.
    ["My bike scratched someone's car, what do I do?", "Someone's bike scratched my car, what do I do?"],
  ];
  itRefusesBothWays(
    swapped.map(([a, b]) => ['relations', a, b] as const),
    ': the same thing, another owner',
  );

  const same: [string, string][] = [
    ["How do I trim my dog's nails?", 'how do i trim my dogs nails'],
    ['How do I clean my oven?', 'How do you clean your oven?'],
    ["Why does my dog's breath smell?", 'Why does my dog have bad breath?'],
    ["Should I read my son's texts?", 'Should I read his texts? He is my son.'],
  ];
  itAcceptsBothWays(same, 'relations');
});
