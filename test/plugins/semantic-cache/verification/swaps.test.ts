import type { VerificationReason } from '../../../../plugins/semantic-cache/src/verification/verify-pair.js';
import { itAcceptsBothWays, itRefusesBothWays } from './pair-cases.js';

/** A word swapped where it stood, and the other classes of wrong hit that keep their words. */
const REFUSED: [VerificationReason, string, string][] = [
  ['words', 'What causes an overactive bladder?', 'What causes an underactive bladder?'],
  ['words', 'internal temp for cooked chicken?', 'internal temp for cooked pork?'],
  ['words', 'What can I substitute for buttermilk in pancakes?', 'What can I substitute for baking powder in pancakes?'],
  [
    'words',
    'How do I round a number to 2 decimal places in JavaScript?',
    'How do I round a number to 2 significant figures in JavaScript?',
  ],
  ['antonyms', 'Which empire lasted the longest?', 'Which empire collapsed the fastest?'],
  ['question', 'How many people live in Canada?', 'How many provinces does Canada have?'],
  ['qualifier', 'Why does my car shake at high speed?', 'Why does my car shake when idling?'],
  ['qualifier', 'Can I grow tomatoes in a shady spot?', 'Can I grow tomatoes indoors in winter?'],
  ['qualifier', 'How do I make a birthday cake?', "I'm vegan, how do I make a birthday cake?"],
  ['relations', 'Can an LLC own shares in an S corp?', 'Can an S corp own an LLC?'],
  ['relations', 'Can a US company hire a Canadian remotely?', 'Can a Canadian company hire an American remotely?'],
  ['relations', 'Can the Supreme Court strike down a law passed by Congress?', 'Can Congress overturn a Supreme Court decision?'],
  [
    'relations',
    'Can I claim mileage if I am a contractor and not an employee?',
    'Can I claim mileage if I am an employee and not a contractor?',
  ],
  ['relations', 'Is The Hobbit a prequel to The Lord of the Rings?', 'Is The Lord of the Rings a prequel to The Hobbit?'],
  // One thing after another, in the other order.
  ['relations', 'Why do I sneeze and then cough in the morning?', 'Why do I cough and then sneeze in the morning?'],
  // A lone capital inside a sentence is a label, not the article.
  ['relations', 'Can a type B donor give blood to a type A patient?', 'Can a type A donor give blood to a type B patient?'],
  ['numbers', 'How many hours of homework for a 1st grader?', 'How many hours of homework for a high school junior?'],
  // Two things trading places around one word, the three standing together in both.
  ['relations', 'Do red foxes eat field mice?', 'Do field mice eat red foxes?'],
  // "with" after a relation that holds one way only.
  ['relations', 'Can I replace butter with coconut oil?', 'Can I replace coconut oil with butter?'],
  // A verb the embedder weighs down ("need", "tell") still holds the two things apart.
  ['relations', 'Does the tick need the deer to finish its life cycle?', 'Does the deer need the tick to finish its life cycle?'],
  ['relations', 'Does the thermostat tell the boiler to fire?', 'Does the boiler tell the thermostat to fire?'],
  // Runs of words traded across "and" in frames that differ.
  [
    'relations',
    'Why is green tea calming and black coffee stimulating?',
    'Why is black coffee calming and green tea stimulating?',
  ],
  // "onto" and "toward" link like "to".
  ['relations', 'Does the roller transfer ink onto the paper?', 'Is ink transferred from the paper onto the roller?'],
  ['relations', 'Does the tide move sand toward the shore?', 'Is sand moved from the shore by the tide?'],
  // A thing of four words trading places with one.
  [
    'relations',
    "Does the car's rear window defroster drain the battery?",
    "Does the battery drain the car's rear window defroster?",
  ],
  // Pronouns stay where they stand, and "without" against "with".
  [
    'relations',
    'My son says he has been teasing a classmate. What now?',
    'My son says a classmate has been teasing him. What now?',
  ],
  ['relations', 'Our son wants to live with me instead of his dad.', 'Our son wants to live with his dad instead of me.'],
  ['relations', 'My dog sleeps with a blanket but not without it.', 'My dog sleeps without a blanket but not with it.'],
  ['people', 'Can I deduct my own gym membership?', "Can I deduct my employees' gym memberships as a business expense?"],
  // Two deeds in the other order around "before", too many words on each side to trade as runs.
  [
    'relations',
    'Is it normal for the lead investor to sign the term sheet before the other investors commit?',
    'Is it normal for the other investors to commit before the lead investor signs the term sheet?',
  ],
  ['relations', 'Should I rinse plastic bottles before I crush them?', 'Should I crush plastic bottles before I rinse them?'],
];

/** Paraphrases these rules must let through. */
const ACCEPTED: [string, string][] = [
  // A word swapped while the rest is reworded is as often a synonym.
  ["What's the highest mountain in Africa?", "Which is Africa's tallest mountain?"],
  [
    'How do I find a stud in the wall without a stud finder?',
    "What's a way to locate wall studs when I don't have a stud finder?",
  ],
  // An idiom put plainly is a phrase for a word, but not in a slot after a preposition.
  ['My soufflé fell flat again. What am I doing wrong?', 'My soufflé collapsed again, what am I doing wrong?'],
  ['How do I resolve a merge conflict in git?', "What's the way to fix git merge conflicts?"],
  ['How many ounces in a pound?', 'How many oz make 1 lb?'],
  ['How many bones are in the human body?', 'How many bones does a human body have?'],
  [
    "I'm 35 and otherwise healthy. Why do I keep getting calf cramps at night?",
    "Why do I keep getting calf cramps at night? I'm otherwise healthy, 35.",
  ],
  ['Do I need a visa to visit Japan as a US citizen?', 'As an American, do I need a visa to visit Japan?'],
  ['How are capital gains taxed in the US?', 'How are capital gains taxed in the United States?'],
  [
    'How many minutes per pound should I roast a leg of lamb? Thank you!',
    'Thank you in advance! How many minutes per pound to roast a leg of lamb?',
  ],
  [
    'Is it safe to buy from Temu? Thinking of ordering some kitchen stuff.',
    'Thinking of ordering kitchen stuff from Temu - is it safe to buy from them?',
  ],
  ['At what age should kids get a phone?', 'At what age should kids get their own phone?'],
  ["Why doesn't my car start in the cold?", "Why won't my car start in the cold?"],
  ['Why does my car not start in the cold?', "Why won't my car start in the cold?"],
  ['How do I make my Python script run every hour on Linux?', 'TL;DR: how do I make my Python script run every hour on Linux?'],
  // A name with an alias, typed in lower case on the other side.
  ['Can I open a bank account in the UK as a student?', 'can i open a bank account in the uk as a student'],
  // Two things either side of "with" after a relation that holds both ways.
  ['How do I sync my Fitbit with my Android phone?', 'How do I sync my Android phone with my Fitbit?'],
  ['Is olive oil miscible with vinegar?', 'is vinegar miscible with olive oil'],
  // "the us" in lower case is the country, not the pronoun.
  ['Do I need a visa to work in the US?', 'do i need a visa to work in the us'],
  ['Is dual citizenship allowed between the US and Canada?', 'is dual citizenship allowed between canada and the us'],
  // A title capitalising every word keeps "A" an article.
  ['How To Make A Sourdough Starter', 'how to make a sourdough starter'],
  // A clause moved: the words between the two things differ, so one word between them is no swap.
  [
    'If I archive my Instagram, can followers still see my posts?',
    'Can followers still see my posts on Instagram if I archive my account?',
  ],
  // "or" joining the words between the two things: the same choice either way round.
  ['Should I do yoga before or after lifting weights?', 'Should I lift weights before or after doing yoga?'],
  // A clause moved across a sentence break on one side only.
  ['Do I need to sand the old deck before staining it?', 'Before staining the old deck, do I need to sand it?'],
  // A condition moved without a comma: the pronouns alone between hold nothing apart.
  ['How should I study for the GRE if I only have a month?', 'if i only have a month how should i study for the gre'],
  // "as …" is out of the reach of "to learn".
  ['How long does it take an adult beginner to learn to surf?', 'How long does it take to learn to surf as an adult beginner?'],
  // "between … and" holds no order, whatever the other question says.
  ['how far is it to cycle from Amsterdam to Utrecht', 'Cycling distance between Utrecht and Amsterdam?'],
  // A hedge says how sure the asker is, wherever the verb stands.
  [
    'Was my basal cell carcinoma most likely caused by sun exposure?',
    'Did sun exposure most likely cause my basal cell carcinoma?',
  ],
  // A clause put before the question around "before", and a question of both orders.
  ['Do I need to wedge reclaimed clay before throwing it?', 'Before throwing reclaimed clay, do I need to wedge it?'],
  ['Should I do cardio before or after lifting weights?', 'Should I lift weights before or after doing cardio?'],
];

describe('semantic-cache verification: swaps in place and other wrong hits that keep their words', () => {
  itRefusesBothWays(REFUSED);
  itAcceptsBothWays(ACCEPTED);
});
