import assert from 'node:assert/strict';
import { Kernel } from '@sluice/core';
import { semanticKey, verifyPair, type SemanticEntry } from '@sluice/plugin-semantic-cache';
import type { VectorStore } from '@sluice/vector-store';
import { pino } from 'pino';
import { semanticMetrics } from '../../../../plugins/semantic-cache/src/semantic-metrics.js';
import { verifiedSearch } from '../../../../plugins/semantic-cache/src/verified-search.js';
import { VERIFICATION_RULES, type VerificationReason } from '../../../../plugins/semantic-cache/src/verification/verify-pair.js';
import { metricValue } from '../../../fixtures/stub-upstream.js';

/** Pairs that differ in what carries the answer, each with the rule that refuses it. */
const REFUSED: [VerificationReason, string, string][] = [
  ['numbers', 'Best laptop under $500?', 'Best laptop under $1000?'],
  // A silent "e" the stem drops.
  ['stems', 'Is a wool cap warm enough for skiing?', 'Is a wool cape warm enough for skiing?'],
  // "only" in one question, where more than it differs.
  ['qualifier', 'Can I deduct a phone I use only for work?', 'Can I deduct a phone I use for work and family?'],
  ['numbers', 'How long does it take to walk 5 km?', 'How long does it take to walk 5 miles?'],
  ['numbers', 'Is the pharmacy open at 3pm?', 'Is the pharmacy open at 16:00?'],
  ['form', 'Did Rome fall in 476 AD?', 'Why did Rome fall in 476 AD?'],
  ['form', 'Does it snow in Las Vegas?', 'When does it snow in Las Vegas?'],
  ['scope', 'Who started World War 1 and why?', 'Who started World War 1?'],
  ['scope', 'How do I mute someone on Twitter, and will they know?', 'How do I mute someone on Twitter?'],
  ['people', "What's your name?", "What's my name?"],
  ['people', 'How do I unblock myself on Discord?', 'How do I unblock someone on Discord?'],
  ['people', 'How much should my son eat?', 'How much should my daughter eat?'],
  ['names', 'What is the capital of Australia?', 'What is the capital of Austria?'],
  ['names', 'How do I reset an iPhone?', 'How do I reset an iPad?'],
  ['names', 'How do I read a file in Go?', 'How do I read a file in Python?'],
  ['relations', 'How do I call a C library from Go?', 'How do I call a Go library from C?'],
  [
    'relations',
    'Is there a fee moving money from my savings account to my account at the credit union?',
    'Is there a fee moving money from my credit union account to my savings account?',
  ],
  ['words', 'whats the best time of year to go to bali', 'whats the best time of year to go to iceland'],
  ['relations', 'How long is the flight from New York to London?', 'How long is the flight from London to New York?'],
  ['relations', 'How do I convert a string to an int in Java?', 'How do I convert an int to a string in Java?'],
  ['relations', 'Can high blood sugar cause high blood pressure?', 'Can high blood pressure cause high blood sugar?'],
  ['relations', 'Can a state law override federal law?', 'Can federal law override state law?'],
  ['relations', 'My left arm hurts when I move my neck', 'My neck hurts when I move my left arm'],
  ['relations', 'How do I introduce my new puppy to my older cat?', 'How do I introduce my new kitten to my older dog?'],
  ['relations', 'Can you go from type 2 diabetes to prediabetes?', 'Can prediabetes turn into type 2 diabetes?'],
  ['relations', 'How do I make a dataframe from a CSV file?', 'How do I turn a dataframe into a CSV file?'],
  ['relations', 'How do I move money from my savings account?', 'How do I move money to my savings account?'],
  // "without" links what is done to what is kept out of it.
  [
    'relations',
    'How can I cut my screen time without cutting out social media?',
    'How can I cut out social media without raising my screen time?',
  ],
  // "first" / "last" is refused as a number too: "1st" is no article.
  ['antonyms', 'Which US state joined the union earliest?', 'Which US state joined the union latest?'],
  ['antonyms', 'What is the richest country in Africa?', 'What is the poorest country in Africa?'],
  ['antonyms', 'Should I store wine inside or in the garage?', 'Should I store wine outside or in the garage?'],
  ['antonyms', 'What foods increase blood sugar?', 'What foods decrease blood sugar?'],
  [
    'antonyms',
    'I sold a phone on eBay and it came back broken, what can I do?',
    'I bought a phone on eBay and it came back broken, what can I do?',
  ],
  ['antonyms', 'What should I eat before a run?', 'What should I eat after a run?'],
  ['antonyms', 'How do I make my pancakes thicker?', 'How do I make my pancakes thinner?'],
  ['antonyms', 'How do I make my pancakes thicker?', 'How do I make my pancakes less thick?'],
  ['antonyms', 'Why is my mattress so soft?', 'Why is my mattress so hard?'],
  ['antonyms', 'How do I make my Twitter account public?', 'How do I make my Twitter account private?'],
  // Actions that undo each other, and a change said one way against its reverse said another.
  ['antonyms', 'What happens if the Senate votes to convict?', 'What happens if the Senate acquits?'],
  ['antonyms', 'Can I start a gym membership mid-contract?', 'Can I cancel a gym membership mid-contract?'],
  ['antonyms', 'How do I add a class after the deadline?', 'How do I drop a class after the deadline?'],
  ['antonyms', 'How do I raise the daily card limit in Anki?', 'How do I make Anki show fewer cards each day?'],
  ['words', 'How do I patch the paint on my wall?', 'How do I match the paint on my wall?'],
  ['stems', 'How long do flying fishes live?', 'How long do fly fishing trips last?'],
  ['stems', 'What is a creditor?', 'What is a credit?'],
  ['stems', 'How much does a nursery cost per day?', 'How much does a nurse cost per day?'],
  ['script', '去日本旅游需要签证吗？', '去韩国旅游需要签证吗？'],
  ['script', '北京的房价是多少？', 'What are house prices in Beijing?'],
];

/** True paraphrases that differ only in what the verification must tolerate. */
const ACCEPTED: [string, string][] = [
  // A condition opened by "when" and a subject, and a choice continued after "or", ask one question.
  [
    'When two cars reach a four-way stop together, which one goes first?',
    'Which one goes first when two cars reach a four-way stop together?',
  ],
  [
    'For a first marathon, do I need a GPS watch or is my phone enough?',
    'Is my phone enough, or do I need a GPS watch for a first marathon?',
  ],
  ["What's the best gaming laptop under 2000 dollars?", 'best gaming laptop under $2K?'],
  ['Is a salary of 1M a year a lot?', 'Is a salary of one million a year a lot?'],
  ['How long does it take to run 5 km?', 'How long does it take to run five kilometres?'],
  ['Is the pharmacy open at 3pm?', 'Is the pharmacy open at 15:00?'],
  ['Good mirrorless camera for under $1,000?', 'Good mirrorless camera for under one thousand dollars?'],
  ["Why doesn't my CSS apply to the button?", 'Why does not my CSS apply to the button?'],
  ['How do I center text in HTML?', 'how do i centre text in html'],
  ['Why did the Roman Empire fall?', 'How did the Roman Empire come to fall?'],
  ['How come I get headaches after eating sugar?', 'Why do I get headaches after eating sugar?'],
  ['How do I start a business from nothing?', 'How do I start a business from scratch?'],
  ['Hi, quick question: how do I reverse a string in JavaScript?', 'How do I reverse a string in JavaScript? Thanks!'],
  ['In Paris, what is the best way to get from CDG to the city?', 'What is the best way to get from CDG to the city in Paris?'],
  ['How do you reset your router?', 'How do I reset my router?'],
  // "you" asked in general, the other question of the asker alone: not "What's your name?" (refused above).
  ['How do I change my name by deed poll?', "What's the way to change your name by deed poll?"],
  ['Could someone tell me how to change the margins in Google Docs?', 'How do I change the margins in Google Docs?'],
  ['When I wake up, I feel anxious. Why is that?', 'Why do I feel anxious when I wake up?'],
  ['Which is better, leasing or buying a car?', 'Is it better to lease or buy a car?'],
  ["What's the tallest mountain in the U.K.?", 'What is the tallest mountain in the UK?'],
  ['What is the best electric toothbrush?', 'What is the best electric tooth brush?'],
  ['Where is the best snorkelling in Hawaii?', 'Where is the best snorkeling in Hawaii?'],
  ['How do I check my tyre pressure?', 'How do I check my tire pressure?'],
  ['Stocks vs bonds: which is riskier?', 'Which is riskier, bonds or stocks?'],
  ['Out of curiosity, why is Iceland green and Greenland icy?', 'Why is Greenland icy and Iceland green? Out of curiosity.'],
  ['What happened on July 4th, 1776?', 'What happened on the fourth of July, 1776?'],
  ['去日本旅游需要签证吗？', '去日本旅游需要签证吗'],
  ['Can you go from type 2 diabetes to prediabetes?', 'Can you go to prediabetes from type 2 diabetes?'],
  ['How To Make A Cake At Home', 'how to make a cake at home'],
  ['How do I get from the airport to the old town?', 'How do I get to the old town from the airport?'],
  // A name written with a hyphen on one side; "-ing" on words apart, each its own.
  ["Can I volunteer while I'm on an F-1 visa?", 'can i volunteer while on an F1 visa'],
  ['clicking in my knee when i squat but no pain, should i worry', 'no pain but my knee clicks when squatting - worry?'],
];

describe('semantic-cache verification: what carries the answer', () => {
  for (const [reason, a, b] of REFUSED) {
    it(`${reason}: refuses "${a}" for "${b}", both ways`, () => {
      assert.deepEqual(verifyPair(a, b), { ok: false, reason });
      assert.deepEqual(verifyPair(b, a), { ok: false, reason });
    });
  }

  for (const [a, b] of ACCEPTED) {
    it(`accepts "${a}" for "${b}", both ways`, () => {
      assert.deepEqual(verifyPair(a, b), { ok: true });
      assert.deepEqual(verifyPair(b, a), { ok: true });
    });
  }

  it('refuses one content word more on one side only when extra is in force', () => {
    const withExtra = new Set(VERIFICATION_RULES);
    assert.deepEqual(verifyPair('Can cats drink milk?', 'Can cats safely drink milk?', withExtra), {
      ok: false,
      reason: 'extra',
    });
    assert.deepEqual(verifyPair('Can cats drink milk?', 'Can cats safely drink milk?'), { ok: true });
    // A word put before the thing the question ends on narrows it, extra or not ("milk" / "almond milk").
    assert.deepEqual(verifyPair('Can cats drink milk?', 'Can cats drink almond milk?'), { ok: false, reason: 'qualifier' });
    assert.deepEqual(verifyPair('How do I reset my password?', 'How can I reset my account password'), { ok: true });
  });

  it('does not count as extra a word that frames the ask, names the kind of answer or is said in passing', () => {
    const withExtra = new Set(VERIFICATION_RULES);
    const framed: [string, string][] = [
      ["What's the reason my phone gets hot while charging?", 'Why does my phone get hot when charging?'],
      ["What's the procedure for renewing a UK passport?", 'How do I renew my UK passport?'],
      ['What does escrow mean?', 'What is escrow?'],
      ['What makes metals conduct electricity?', 'Why do metals conduct electricity?'],
      ['Which city is the capital of Kenya?', 'What is the capital of Kenya?'],
      ['What type of oil should I put in my car?', 'Which oil should I put in my car?'],
      // A letter for a word, and an "-ing" form telling the asker's circumstances.
      ['How do I make mac n cheese from scratch?', 'How do I make mac and cheese from scratch?'],
      [
        'When travelling with a toddler, how do I keep them entertained on a long flight?',
        'How do I keep a toddler entertained on a long flight?',
      ],
      // A request for what follows.
      ['Give me packing list ideas for a ski trip.', 'packing list ideas for a ski trip'],
      // A number said loosely.
      [
        'My car has around 90000 miles. When should I change the timing belt?',
        'When should I change the timing belt? My car has about 90000 miles.',
      ],
      // "at all", "already", and "each" for "every".
      ['Does coffee dehydrate you?', 'Does coffee dehydrate you at all?'],
      ["Can I freeze bread that's been opened?", "Can I freeze bread that's already been opened?"],
      ['Why do I wake up at 4am every night?', 'why do i wake up at 4am each night'],
      // Who a greeting is to, and "in terms of".
      ['Hi everyone. Can I camp on a beach in Portugal?', 'Can I camp on a beach in Portugal?'],
      ['Hey all, how do I descale a kettle? Cheers', 'How do I descale a kettle?'],
      ['In terms of weight, is a cello heavier than a viola?', 'Is a cello heavier than a viola by weight?'],
      // "takes" framing "how long" as "take" does.
      ['How long does it take for gloss paint to dry?', 'Tell me how long gloss paint takes to dry.'],
    ];
    for (const [a, b] of framed) assert.deepEqual(verifyPair(a, b, withExtra), { ok: true }, `${a} / ${b}`);
    // A verb after the question word is the ask itself: what ended it is not what caused it.
    assert.deepEqual(verifyPair('What ended the Great Depression?', 'What were the causes of the Great Depression?', withExtra), {
      ok: false,
      reason: 'extra',
    });
    assert.deepEqual(
      verifyPair('Which city is the capital of Kenya?', 'Which city is the official capital of Kenya?', withExtra),
      {
        ok: false,
        reason: 'extra',
      },
    );
  });

  it('applies only the rules in force: a pair refused by one rule passes with that rule off', () => {
    for (const [reason, a, b] of REFUSED) {
      const others = new Set(VERIFICATION_RULES.filter((rule) => rule !== reason));
      const verdict = verifyPair(a, b, others);
      // Another rule may still refuse it, but never the one switched off.
      assert.ok(verdict.ok || verdict.reason !== reason, `${a} / ${b}`);
    }
    assert.deepEqual(verifyPair('Best laptop under $500?', 'Best laptop under $1000?', new Set()), { ok: true });
  });

  it('counts a refusal by its rule in gw_semantic_verification_results_total', async () => {
    const kernel = new Kernel({ logger: pino({ level: 'silent' }) });
    const metrics = semanticMetrics(kernel);
    const question = 'What is the capital of Austria?';
    const key = semanticKey({ model: 'm', messages: [{ role: 'user', content: question }] }, 'default', false);
    const payload = { scope: key.scope, expires_at: Date.now() + 60_000, created_at: Date.now(), answer: '{}', model: 'm' };
    const store = {
      search: async () => [
        { id: 1, similarity: 0.99, distance: 0.01, payload: { ...payload, question: 'What is the capital of Australia?' } },
        {
          id: 2,
          similarity: 0.98,
          distance: 0.02,
          payload: { ...payload, question: 'What was the capital of Austria in 1900?' },
        },
      ],
    } as unknown as VectorStore<SemanticEntry>;
    const rules = { threshold: 0.9, verify: true, candidates: 4, searchEf: 32, quickSearchEf: 0 };
    const { found } = await verifiedSearch(store, [1], key, rules, metrics);
    assert.equal(found, undefined);
    assert.equal(await metricValue(kernel.metrics, 'gw_semantic_verification_results_total', { result: 'names' }), 1);
    assert.equal(await metricValue(kernel.metrics, 'gw_semantic_verification_results_total', { result: 'numbers' }), 1);

    // Only the rules in force refuse: with numbers alone, the first candidate answers.
    const numbersOnly = { ...rules, verifyRules: ['numbers' as const] };
    assert.equal((await verifiedSearch(store, [1], key, numbersOnly, metrics)).found?.id, 1);
  });
});
