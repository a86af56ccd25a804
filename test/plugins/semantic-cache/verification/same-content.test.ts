import assert from 'node:assert/strict';
import { questionFacts, sameContent } from '@sluice/plugin-semantic-cache';

const restated = (a: string, b: string) => sameContent(questionFacts(a), questionFacts(b));

/** The same question restated: the same content words in any order, framing and passing words aside. */
const SAME: [string, string][] = [
  ["What's the reason my phone gets hot while charging?", 'Why does my phone get hot while charging?'],
  [
    "Dinner party on Saturday, what's an easy make-ahead dessert?",
    "What's an easy make-ahead dessert for a dinner party? It's on Saturday.",
  ],
  ['Is 256GB enough storage for an iPhone?', 'Will 256 gigs of storage be enough on an iPhone?'],
  ['For real estate photos, what lens is best?', 'What lens is best for real estate photos?'],
  ['What does escrow mean?', 'What is escrow?'],
  // A name whose capital opens the question or a sentence, where a capital says nothing.
  ["What's the difference between Gothic and Romanesque architecture?", 'Romanesque vs Gothic architecture: how do they differ?'],
  ['For a total beginner, which app is better: Merlin or eBird?', 'Which app is better for a total beginner, Merlin or eBird?'],
  // An irregular plural.
  [
    "I'm 35 and otherwise healthy. Why do I keep getting cramps in my calves at night?",
    "Why do I keep getting calf cramps at night? I'm otherwise healthy, 35.",
  ],
  // One "-ing" word more, naming the act done to a thing both name.
  ['What glue is best for repairing ceramic mugs?', 'What glue is best for ceramic mugs?'],
  ["I'm sanding an oak table. Which grit should I finish with?", 'Which grit should I finish an oak table with?'],
  // A relation word pointing past a word said in passing; "is it possible to" asking what "can I" does.
  ['Is it possible to temper chocolate without a thermometer?', 'can i temper chocolate without using a thermometer'],
  // A relation word pointing at some of what the other's points at: "from Shein" / "from Shein … from them".
  [
    'Is it safe to order from Shein? Thinking of buying some summer clothes.',
    'Thinking of buying summer clothes from Shein - is it safe to order from them?',
  ],
];

/** The same words or nearly, another question. */
const OTHER: [string, string][] = [
  // A word more that narrows.
  ['Can cats drink milk?', 'Can cats drink almond milk?'],
  // An "-ing" word with nothing after it to act on, or one a determiner makes a thing.
  ['What shoes are best for running?', 'What shoes are best?'],
  ['Can I bring a folding bike on the train?', 'Can I bring a bike on the train?'],
  // Two words more, one of them an "-ing" word.
  ['Is honey good for brewing kombucha in summer?', 'Is honey good for kombucha?'],
  // Another verb, even an "-ing" one.
  ["Is it bad if my cat keeps eating my dog's food?", 'Is cat food bad for dogs if mine keeps stealing it?'],
  // A name against a common word: "a march" is no month.
  ['Is it worth going to Nice in March?', 'Is it worth going on a march in Nice?'],
  // A relation word pointing elsewhere.
  ['Which languages did English borrow the most words from?', 'Which language has borrowed the most words from English?'],
  ['?', '!'],
];

describe('semantic-cache verification: a question restated', () => {
  for (const [a, b] of SAME)
    it(`reads ${JSON.stringify(a)} and ${JSON.stringify(b)} as one question restated`, () => {
      assert.equal(restated(a, b), true);
      assert.equal(restated(b, a), true);
    });

  for (const [a, b] of OTHER)
    it(`reads ${JSON.stringify(a)} and ${JSON.stringify(b)} as two`, () => {
      assert.equal(restated(a, b), false);
      assert.equal(restated(b, a), false);
    });
});
