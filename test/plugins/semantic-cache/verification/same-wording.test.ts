import assert from 'node:assert/strict';
import { questionFacts, sameWording } from '@sluice/plugin-semantic-cache';

const worded = (a: string, b: string) => sameWording(questionFacts(a), questionFacts(b));

/** The same question written another way: each pair is read as one wording, both ways. */
const SAME: [string, string][] = [
  ['How do I center text in HTML?', 'how do i centre text in html'],
  ['What is the difference between git merge and git rebase?', 'whats the diffrence between git merge and git rebase'],
  ["Why won't my Docker container start?", 'Why will not my docker container start'],
  ['How do I make yoghurt at home?', 'how do I make yogurt at home'],
  ['JavaScript: how to check if a variable is undefined?', 'javascript how to check if variable is undefined'],
  ['Who was Napoleon Bonaparte?', 'who was napolean bonaparte'],
  ['Is it illegal to drive barefoot?', 'is it ilegal to drive barefoot'],
  ['Why did the U.S.S.R. collapse?', 'Why did the USSR collapse?'],
];

/** Same words or nearly, another question: never one wording. */
const OTHER: [string, string][] = [
  ['How do I get from London to Paris?', 'How do I get from Paris to London?'],
  ['How do I center text in HTML?', 'How do I center an image in HTML?'],
  ['Can I take ibuprofen with food?', 'Should I take ibuprofen with food?'],
  ['Is it worth going to Nice in March?', 'Is it worth going on a march in Nice?'],
  ['How do I reset my password?', 'How do I reset my account password?'],
  ['What is 2 + 3?', 'What is 2 + 4?'],
  ['?', '!'],
];

describe('semantic-cache verification: the same question written another way', () => {
  for (const [a, b] of SAME)
    it(`reads ${JSON.stringify(a)} and ${JSON.stringify(b)} as one wording`, () => {
      assert.equal(worded(a, b), true);
      assert.equal(worded(b, a), true);
    });

  for (const [a, b] of OTHER)
    it(`reads ${JSON.stringify(a)} and ${JSON.stringify(b)} as two`, () => {
      assert.equal(worded(a, b), false);
      assert.equal(worded(b, a), false);
    });
});
