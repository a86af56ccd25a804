/**
 * The hit verification on questions nobody wrote: sequences of words, numbers, units, ages, contractions,
 * negations, quotes, prepositions, wh-questions and "is it … to", passives, conditions, counts, owners,
 * deeds ordered by "before" and "after", embedded wh-clauses, participles, words for one another, punctuation, non-Latin letters and odd Unicode, drawn by fast-check under the fuzz suites' seed and budget. Whatever the text, reading it and comparing never throws, a question always passes
 * against itself and reads as its own wording, and both comparisons are the same either way round.
 */
import assert from 'node:assert/strict';
import { NEURAL_VERIFY_RULES, questionFacts, sameWording, verifyPair } from '@sluice/plugin-semantic-cache';
import fc from 'fast-check';
import { fuzzBudget } from '../../../fuzz/fuzz-budget.js';

// prettier-ignore
const PIECES = [
  'how', 'do', 'I', 'my', 'your', 'not', "can't", "won't", "what's", 'without', 'from', 'to', 'into', 'the',
  'a', 'an', 'richest', 'poorest', 'London', 'Paris', 'iPhone', '15', '2K', '$2,000', 'three', 'km',
  'miles', '3pm', '15:00', '1st', '+', '*', '/', '^', '-', '?', '!', '.', ',', ':', 'U.S.', 'the US',
  'Monday', 'tomorrow', 'why', 'when', 'how many', 'and', 'or', 'is', 'Did', "I'm", 'vegan', 'cold',
  'sore', '北京', 'Москва', 'ελληνικά', 'مرحبا', '🙂', '\u0301', '\u200b', '\t', 'constructor', '__proto__',
  '"', "'", '\u201c', '\u201d', '"I miss you"', 'about', 'by', 'over', 'weekend', 'wekend', 'fill', 'out', 'was',
  'only', 'used to', 'need', 'high in', 'low in', 'which', 'does', 'it', 'bad', 'yell', 'at', 'kids',
  'influence', 'beat', 'marry', 'Stephen King', 'then', 'can', 'help', 'parents', 'type A', 'fitting',
  'multiple', 'several', 'more than one', 'one', 'if', "someone's", "my partner's", 'the father of', 'of',
  'who', 'was', 'killed by', 'captured', 'be', 'they', 'with', 'pair', 'January', 'February', 'winter',
  'during', '48 hours', 'two days', '1000mg', 'a gram', 'in', '17', 'year old', '18-month-old', 'the us',
  'is there a way to', 'fiber', 'fibre', 'insurer', 'therapist', 'point', 'whose', 'for', 'filing',
  'tell', 'onto', 'toward', 'as', 'before', 'after', 'edible', 'zone valve end switch', 'mosquito', '½', '1½',
  '30mm', '$5MM', '18th century', '7.2 kW', '40W', 'a decade', 'Gbps', 'NYC', 'New York City', 'new', 'York',
  'the American Board of', 'ABMS', 'me', 'him', 'he', 'she', 'them', 'instead of', 'cancel',
  'sold', 'bought', 'paid', 'get paid', 'pay', 'bitten', 'between', 'most likely', 'F-1', 'F1', 'like',
  'again', 'for a day', 'days', 'ocean', 'follow', 'I follow', 'follow me', "Theseus's son", 'squatting',
  'clicks', 'delete', 'remove', 'removing', 'erase', 'children', 'kid', 'large', 'attorney', 'occur',
];

const question = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((words) => words.join(' ')),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: fc.constantFrom('a', 'b', ' ', '-', "'", '.', '1', '2', '$', '%', 'é'), maxLength: 200 }),
);

/** Two questions one edit apart (a word replaced, dropped or moved), where most rules have something to see. */
const nearPair = fc
  .tuple(
    fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 16 }),
    fc.nat(),
    fc.nat(),
    fc.constantFrom(...PIECES),
    fc.constantFrom('replace', 'drop', 'move'),
  )
  .map(([words, i, j, piece, edit]) => {
    const at = i % words.length;
    const to = j % words.length;
    const edited = [...words];
    if (edit === 'replace') edited[at] = piece;
    else if (edit === 'drop') edited.splice(at, 1);
    else edited.splice(to, 0, ...edited.splice(at, 1));
    return [words.join(' '), edited.join(' ')] as const;
  });

describe('semantic-cache verification: properties on any question', () => {
  const budget = fuzzBudget();
  const runs = 300 * budget.scale;
  const all = new Set(NEURAL_VERIFY_RULES);

  it('passes a question against itself and reads it as its own wording when it has a word', () => {
    fc.assert(
      fc.property(question, (text) => {
        assert.deepEqual(verifyPair(text, text, all), { ok: true });
        const facts = questionFacts(text);
        const hasWord = facts.tokens.some((token) => /[\p{L}\p{N}]/u.test(token) && !['a', 'an', 'the'].includes(token));
        assert.equal(sameWording(facts, questionFacts(text)), hasWord);
      }),
      { seed: budget.seed, numRuns: runs },
    );
  });

  it('passes against itself the questions the properties once found refused', () => {
    // One stranded frame said twice, a deed done by two doers, a relation both ways round.
    for (const text of ['used to a used to', "kids 北京 I'm 北京", 'sore from one from sore'])
      assert.deepEqual(verifyPair(text, text, all), { ok: true }, text);
  });

  it('judges a pair the same either way round', () => {
    fc.assert(
      fc.property(fc.oneof(fc.tuple(question, question), nearPair), ([a, b]) => {
        assert.equal(verifyPair(a, b, all).ok, verifyPair(b, a, all).ok);
        assert.equal(sameWording(questionFacts(a), questionFacts(b)), sameWording(questionFacts(b), questionFacts(a)));
      }),
      { seed: budget.seed, numRuns: runs },
    );
  });

  it('judges the same either way round the pairs the properties once found judged otherwise', () => {
    // A thing owned by the asker and another on one side, by the other alone on the other.
    for (const [a, b] of [
      ["how my my partner's how", "my how my partner's how"],
      ["my partner's how your how", "how my partner's your how"],
      // An "or" moved to either end.
      ['or or 2K', '2K or or'],
    ] as const)
      assert.equal(verifyPair(a, b, all).ok, verifyPair(b, a, all).ok, `${a} / ${b}`);
  });
});
