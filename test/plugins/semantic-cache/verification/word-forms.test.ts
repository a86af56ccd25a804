import assert from 'node:assert/strict';
import { verifyPair } from '@sluice/plugin-semantic-cache';
import { sameWordForm } from '../../../../plugins/semantic-cache/src/verification/word-forms.js';

describe('semantic-cache verification: two spellings of one word', () => {
  const same: [string, string][] = [
    ['difference', 'differ'],
    ['different', 'difference'],
    ['slow', 'slowly'],
    ['safely', 'safe'],
    ['analyse', 'analysis'],
    ['depression', 'depressed'],
    ['diversification', 'diversified'],
    ['loneliness', 'lonely'],
    ['preparation', 'prepare'],
    ['crypto', 'cryptocurrency'],
    ['doc', 'document'],
    ['dicts', 'dictionaries'],
    ['windscreen', 'windshield'],
    ['dummy', 'pacifier'],
    ['loft', 'attic'],
    ['cheque', 'check'],
    ['mould', 'mold'],
    ['jewellery', 'jewelry'],
    ['catalogue', 'catalog'],
    ['minis', 'miniatures'],
    ['hunter', 'hunting'],
    ['runners', 'running'],
    ['far', 'distance'],
    ['under', 'below'],
    ['often', 'frequently'],
    ['paid', 'pay'],
    ['chosen', 'chooses'],
    ['bought', 'buying'],
    ['calves', 'calf'],
    ['teeth', 'tooth'],
    ['jumpers', 'sweaters'],
    ['biscuits', 'cookies'],
    ['taps', 'faucets'],
  ];
  for (const [a, b] of same) it(`"${a}" and "${b}" are one word`, () => assert.ok(sameWordForm(a, b) && sameWordForm(b, a)));

  const other: [string, string][] = [
    ['organ', 'organic'],
    ['hard', 'hardly'],
    ['late', 'lately'],
    ['friend', 'friendly'],
    ['mill', 'million'],
    ['conversion', 'conversation'],
    ['credit', 'creditor'],
    ['under', 'over'],
    // A past that is no participle keeps its tense; "left" and "found" are words of their own.
    ['came', 'come'],
    ['left', 'leave'],
    ['found', 'find'],
    // Plurals of two different groups' words.
    ['taps', 'trucks'],
    ['crisps', 'fries'],
  ];
  for (const [a, b] of other) it(`"${a}" and "${b}" are two words`, () => assert.ok(!sameWordForm(a, b) && !sameWordForm(b, a)));

  const accepted: [string, string][] = [
    ['What is the difference between a Roth IRA and a traditional IRA?', 'How does a Roth IRA differ from a traditional one?'],
    ["What's the difference between git fetch and git pull?", 'How does git pull differ from git fetch?'],
    ["Why's my Mac running so slow?", 'Why is my Mac running so slowly?'],
    ["What's staking in crypto?", 'What is staking in cryptocurrency?'],
    ['How do I defrost my windscreen quickly?', 'How do I defrost my windshield quickly?'],
    ['How do I convert a PDF to a Word doc?', 'How do I convert a pdf to a word document?'],
    ['How far is Mars from Earth?', "What's the distance between Mars and Earth?"],
    ["What's a good robot vacuum under 300 bucks?", 'Best robot vacuum for less than $300?'],
    ['What is the difference between == and === in JavaScript?', 'How does === differ from == in JS?'],
    // A name in capitals on one side, its other name on the other.
    ['How do I explain a gap in my CV?', 'How do I explain a gap in my resume?'],
    ['How long does a cheque take to clear?', 'How long does a check take to clear?'],
  ];
  for (const [a, b] of accepted)
    it(`accepts "${a}" for "${b}", both ways`, () => {
      assert.deepEqual(verifyPair(a, b), { ok: true });
      assert.deepEqual(verifyPair(b, a), { ok: true });
    });

  it('still refuses a stem collision and a swap in place', () => {
    assert.deepEqual(verifyPair('Is an organic diet good for dogs?', 'Is an organ meat diet good for dogs?'), {
      ok: false,
      reason: 'stems',
    });
    assert.deepEqual(verifyPair('Symptoms of hyperglycemia', 'Symptoms of hypoglycemia'), { ok: false, reason: 'words' });
  });
});
