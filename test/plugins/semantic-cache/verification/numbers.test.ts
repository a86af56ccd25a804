import assert from 'node:assert/strict';
import { questionFacts, verifyPair } from '@sluice/plugin-semantic-cache';

describe('semantic-cache verification: numbers', () => {
  const differ: [string, string][] = [
    ['What is 2 + 3?', 'What is 2 + 4?'],
    ['What was the inflation rate in 2023?', 'What was the inflation rate in 2024?'],
    ['How do I install Node 18?', 'How do I install Node 20?'],
    ['Is IPv4 supported?', 'Is IPv6 supported?'],
    ['What is new in Python 3.12?', 'What is new in Python 3.11?'],
    ['Can I get a refund after 30 days?', 'Can I get a refund after three days?'],
    ['Do you offer free shipping?', 'Do you offer free shipping over $50?'],
    ['Should I wait a fortnight before repainting?', 'Should I wait a week before repainting?'],
    ['Is the pool open at midnight?', 'Is the pool open at noon?'],
    ['What is 3 to the power of 2?', 'What is 2 to the power of 3?'],
    ['How much tax do I pay on $50,000?', 'How much tax do I pay on $5,000?'],
    ['Is a 3.5 GPA good?', 'Is a three point two GPA good?'],
    ['Is it safe to drive at 70 mph?', 'Is it safe to drive at 70 kilometres per hour?'],
    ['What happened in the 18th century?', 'What happened in the nineteenth century?'],
    ['How much does a gallon of water weigh?', 'How much does a liter of water weigh?'],
    ['Is 1 km a long way to walk?', 'Is 1 mile a long way to walk?'],
    ['Is 8GB of RAM enough?', 'Is 16 gigabytes of RAM enough?'],
    ['Is 2 hours enough for a layover?', 'Is 45 minutes enough for a layover?'],
    ['What should a 1st grader read?', 'What should a grader read?'],
    ['Is 2 weeks enough for Japan?', 'Is 10 days enough for Japan?'],
    ['What should a 2-year-old eat?', 'What should a 2-month-old eat?'],
    ['Is 1 m of cable enough?', 'Is 1 cm of cable enough?'],
    // Millimetres written onto the number are no millions.
    ['Is a 30mm gap too wide?', 'Is a 30 cm gap too wide?'],
    ['Is 1 Gbps fast enough for gaming?', 'Is 100 Mbps fast enough for gaming?'],
    ['What did potters make in the 18th century?', 'What did potters make in the 1800s?'],
  ];
  for (const [a, b] of differ) {
    it(`refuses "${a}" for "${b}"`, () => {
      assert.deepEqual(verifyPair(a, b), { ok: false, reason: 'numbers' });
      assert.deepEqual(verifyPair(b, a), { ok: false, reason: 'numbers' });
    });
  }

  it('reads a century as its hundreds', () => {
    const numbersOnly = new Set(['numbers'] as const);
    const [a, b] = ['What did potters make in the 18th century?', 'What did potters make in the 1700s?'];
    assert.deepEqual(verifyPair(a, b, numbersOnly), { ok: true });
    assert.deepEqual(verifyPair(b, a, numbersOnly), { ok: true });
  });

  const agree: [string, string][] = [
    // A fortnight is two weeks; noon and midnight are times of day; a rate after a slash is a rate.
    ['Should I wait a fortnight before repainting?', 'Should I wait 2 weeks before repainting?'],
    ['Can I eat between noon and 8pm?', 'Can I eat between 12pm and 20:00?'],
    ['Is the pool open at midnight?', 'Is the pool open at 12am?'],
    ['Is €900/month enough to live on in Porto?', 'Is 900 EUR a month enough to live on in Porto?'],
    // A day of a month, "the first" or "1st".
    ['Does Advent start on 1st December?', 'Does Advent start on December the first?'],
    ['Is the first of June a bank holiday?', 'Is June 1st a bank holiday?'],
    // Units counted in the smallest of their kind, fractions as decimals.
    ['Will it fit on a shelf 30 cm deep?', 'Will it fit on a shelf 300mm deep?'],
    ['Is 1 Gbps enough for a family?', 'Is 1000 Mbps enough for a family?'],
    ['Is ½ cup of sugar too much?', 'Is 0.5 cup of sugar too much?'],
    ['Does the warranty last 10 years?', 'Does the warranty last a decade?'],
    ['How long to charge a 60 kWh battery on a 7.2 kW charger?', 'How long to charge a 60kWh battery on a 7200 watt charger?'],
    ['Can I put a 40W bulb in this lamp?', 'Can I put a 40 watt bulb in this lamp?'],
    ['Is a $5MM seed round big?', 'Is a 5 million dollar seed round big?'],
    ['I have 3 apples and eat one, how many are left?', 'I have three apples and eat 1, how many are left?'],
    ['What is twenty-five percent of 80?', 'What is 25% of 80?'],
    ['Why was I charged twice?', 'Why was I charged two times?'],
    ['What happened on July 4th, 1776?', 'What happened on the fourth of July, 1776?'],
    ['How much is 1,000 yen in dollars?', 'How much is 1000 yen in dollars?'],
    ['Is 5 million users a lot?', 'Is five million users a lot?'],
    ['Is a 3.5 GPA good?', 'Is a three point five GPA good?'],
    ['Is it safe to drive at 70 mph?', 'Is it safe to drive at seventy miles per hour?'],
    ['Does water boil at 100 degrees Celsius?', 'Does water boil at 100 °C?'],
    ['How tall is a 12 year old?', 'How tall is a twelve-year-old?'],
    ['What happened in the 19th century?', 'What happened in the nineteenth century?'],
    ['Can I boil an egg in 6 min?', 'Can I boil an egg in six minutes?'],
    ['Is 256GB enough storage for an iPhone?', 'Is 256 gigs of storage enough for an iPhone?'],
    ['Why is my Docker image 2GB?', 'Why is my Docker image two gigabytes?'],
    ['Which lakes are deeper than 1,000 metres?', 'Which lakes are deeper than 1 km?'],
    ['Is 1.5 litres of water enough for a child?', 'Is one and a half liters of water enough for a child?'],
    ['Is walking 30 minutes a day enough exercise?', 'Is walking half an hour a day enough exercise?'],
    ['How do I save $5,000 in 6 months?', 'How do I save five grand in half a year?'],
    ['How long does it take to walk 1 mile?', 'How long does it take to walk a single mile?'],
    ['What time is 14:00 GMT in New York?', 'What time is 2 PM GMT in New York?'],
    ['Is 1.5 m tall enough to ride?', 'Is 150 cm tall enough to ride?'],
    ['Is 2 weeks enough for Japan?', 'Is 14 days enough for Japan?'],
    ['Can I see Kyoto in 48 hours?', 'Can I see Kyoto in two days?'],
    ['Is 500mg of vitamin C too much?', 'Is half a gram of vitamin C too much?'],
    ['Is 6 ft tall for a woman?', 'Is 72 inches tall for a woman?'],
    ['Is a marathon 26.2 miles?', 'Is a marathon twenty-six point two miles?'],
    ['Can you vote at 17 in Austria?', 'Can a seventeen-year-old vote in Austria?'],
    ['Should an 18-month-old be talking?', 'Should a one-and-a-half-year-old be talking?'],
    ['Is 1 hour of homework enough, or 2?', 'Is one hour of homework enough, or two hours?'],
  ];
  for (const [a, b] of agree) {
    it(`accepts "${a}" for "${b}"`, () => assert.deepEqual(verifyPair(a, b), { ok: true }));
  }

  it('reads no unit after an ordinal: "2nd in the race" is no 2 inches', () => {
    assert.deepEqual(questionFacts('Who finished 2nd in the 2022 Tour de France?').units, []);
    assert.deepEqual(questionFacts('Who came second in the Tour de France in 2022?').units, []);
    assert.deepEqual(questionFacts('Is a gap of 2 in too wide?').units, ['inch']);
  });

  it('reads "in" before what it places in as the preposition, not inches', () => {
    assert.deepEqual(questionFacts('Can I drive at 17 in the UK?').units, []);
    assert.deepEqual(questionFacts('Is a 65 in TV too big for my room?').units, ['inch']);
  });

  it('counts each quantity in the smallest unit of its kind, and keeps the units as written beside', () => {
    const facts = questionFacts('Is 2 hours and 1 km enough?');
    assert.deepEqual(
      [facts.numbers, facts.units],
      [
        ['120', '1000000'],
        ['minute', 'mm'],
      ],
    );
    assert.deepEqual(facts.asWritten, { numbers: ['2', '1'], units: ['hour', 'km'] });
  });
});

describe('semantic-cache verification: numbers, the times of day named', () => {
  it('reads no time of day in "burning the midnight oil"', () => {
    assert.deepEqual(
      verifyPair(
        "I'm burning the midnight oil for exams, is that bad?",
        "I'm staying up late for exams, is that bad?",
        new Set(['numbers'] as const),
      ),
      {
        ok: true,
      },
    );
  });
});
