import assert from 'node:assert/strict';
import { questionFacts } from '@sluice/plugin-semantic-cache';
import type { VerificationReason } from '../../../../plugins/semantic-cache/src/verification/verify-pair.js';
import { itAcceptsBothWays, itRefusesBothWays } from './pair-cases.js';

/** Pairs that share every word but a small one, or trade two words between parallel frames: different questions. */
const REFUSED: [VerificationReason, string, string][] = [
  // The asker as the subject against another party.
  ['people', 'Will the hotel refund me if I cancel my booking?', 'Will the hotel refund me if they cancel my booking?'],
  // "wear" keeps "to" and "for" alike only.
  ['prepositions', 'What should I wear with a kilt?', 'What should I wear under a kilt?'],
  ['prepositions', 'Which books did Hemingway write in Paris?', 'Which books did Hemingway write about Paris?'],
  ['prepositions', 'is it cheaper to book flights on a tuesday', 'is it cheaper to book flights for a tuesday'],
  ['prepositions', 'How do I take good photos through a window?', 'How do I take good photos of a window?'],
  ['prepositions', "what's the best way to get around Tokyo", "what's the best way to get to Tokyo"],
  ['tense', 'Who is the lead singer of Queen?', 'Who was the lead singer of Queen?'],
  ['tense', 'what currency did Germany use', 'what currency does Germany use'],
  ['tense', 'will mortgage rates go down this year', 'did mortgage rates go down this year'],
  ['tense', 'how many people are there on Mars', 'how many people will there be on Mars'],
  ['tense', 'Is it cold in Oslo in March?', 'Will it be cold in Oslo in March?'],
  [
    'tense',
    'How do I ask a manager I used to work for to be a reference?',
    'How do I ask a manager I work for to be a reference?',
  ],
  ['qualifier', 'Is it healthy to eat only fruit for breakfast?', 'Is it healthy to eat fruit for breakfast?'],
  ['qualifier', 'Do only bees make honey?', 'Do bees only make honey?'],
  ['qualifier', 'is it safe to drink tea only before bed', 'is it safe to drink only tea before bed'],
  ['quoted', "How do you say 'the book' in German?", "How do you say 'the books' in German?"],
  ['quoted', 'How do you say "I ate" in Spanish?', 'How do you say "I will eat" in Spanish?'],
  ['relations', 'Which cereals are high in fibre and low in sugar?', 'Which cereals are high in sugar and low in fibre?'],
  [
    'relations',
    'How do I make the sky darker and the foreground brighter?',
    'How do I make the sky brighter and the foreground darker?',
  ],
  ['modality', 'do I need a license to carry a handgun in texas', 'can I get a license to carry a handgun in texas'],
  ['numbers', 'What is the largest moon of Jupiter?', 'What are the largest moons of Jupiter?'],
  ['numbers', 'Who is the main villain in Star Wars?', 'Who are the main villains in Star Wars?'],
  ['numbers', 'which is the deadliest disease in history', 'which are the deadliest diseases in history'],
  // "just" before what it limits, as "only".
  ['qualifier', 'Can I feed my tortoise lettuce?', 'Can I feed my tortoise just lettuce?'],
  // "like" is a preposition too; a span of time after "a" against several; "again" on one side.
  ['prepositions', 'best karaoke songs by queen', 'best karaoke songs like queen'],
  ['numbers', 'what to pack when sea kayaking for a day', 'what to pack when sea kayaking for days'],
  ['tense', 'can i repot my maple bonsai again this year?', 'can i repot my maple bonsai this year?'],
  // "again" in one, "still" in the other: came back against never left.
  ['tense', 'My router dropped out an hour ago. Is it down again?', 'My router dropped out an hour ago. Is it still down?'],
];

/** The same question: the small words differ in ways that do not change the answer. */
const ACCEPTED: [string, string][] = [
  ['things to do in Lisbon over the weekend', 'things to do in Lisbon on the weekend'],
  ['how do vaccines work in the body', 'How do vaccines work inside the body?'],
  ['How do I fill out a customs form?', 'how do I fill in a customs form'],
  // "on" and "during", "into" and "to", "wear to" and "wear for", "at home" and "from home".
  ['How do I stay calm on the drive to work?', 'How do I stay calm during the drive to work?'],
  ['Can I take cheese into Canada?', 'Can I take cheese to Canada?'],
  ['What should I wear to a job interview?', 'What should I wear for a job interview?'],
  ['How do I stay focused working at home?', 'How do I stay focused working from home?'],
  ["what's the best time to visit Kyoto", "What's the best time for visiting Kyoto?"],
  // "just" after its doer is said in passing.
  ['can i just use my phone to record a podcast', 'can i use my phone to record a podcast'],
  ['how do I keep my chickens warm in winter', 'How do I keep my chickens warm during the winter?'],
  ['How do I center a div in CSS?', 'how do i centre a div in css'],
  ['how long should a toddler nap', 'how long should toddlers nap'],
  ['What order should I read the Narnia books in?', 'In what order should I read the Narnia books?'],
  [
    "what's the difference between a Roth IRA and a traditional IRA",
    "what's the difference between a traditional IRA and a Roth IRA",
  ],
  ['Is it better to rent or buy a house?', 'Is it better to buy or rent a house?'],
  [
    'What is the difference between baking soda and baking powder?',
    'What is the difference between baking powder and baking soda?',
  ],
  ['In German, when do you use "du" versus "Sie"?', 'When do you use "Sie" versus "du" in German?'],
  ['What does "statement balance" mean on a credit card?', "On a credit card, what does 'statement balance' mean?"],
  ['How do I fix "port 3000 already in use"?', "how do i fix 'Port 3000 already in use'"],
  ['how many hours of sleep does a teenager need', 'how many hours of sleep should a teenager get'],
  ["Why won't my phone charge?", 'Why will my phone not charge?'],
  ["Why isn't my phone charging?", "Why won't my phone be charging?"],
  ['Can I bake bread with only flour, water and salt?', 'Can I bake bread with flour, water and salt only?'],
  ['Do I only need a passport to enter Mexico?', 'Do I need only a passport to enter Mexico?'],
  // One or several, where nothing picks one out: the answer is the same.
  ['How do I patch a hole in drywall?', 'how do I patch holes in drywall'],
  ['What is the best laptop for students?', 'What are the best laptops for students?'],
  ['What is the interest rate on a savings account?', 'What are the interest rates on savings accounts?'],
  // "on" and "in" before the water; a span of time with its own number.
  ['is it safe to kayak on the ocean by yourself', 'is it safe to kayak in the ocean by yourself?'],
  ['what to pack for 3 days of kayaking', 'what to pack for 3 day of kayaking'],
];

describe('semantic-cache verification: a small word changed in place', () => {
  itRefusesBothWays(REFUSED);
  itAcceptsBothWays(ACCEPTED);

  it('reads "need" without "to" as obligation only a word or two after an opening "do"', () => {
    assert.equal(questionFacts('Does my dog need a passport to fly?').modality, 'obligation');
    assert.equal(questionFacts('How much water does a puppy need?').modality, undefined);
    assert.equal(questionFacts('What do I need for a passport?').modality, undefined);
  });
});
