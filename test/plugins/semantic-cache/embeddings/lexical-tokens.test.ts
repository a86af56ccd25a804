import assert from 'node:assert/strict';
import { lexicalTokens } from '../../../../plugins/semantic-cache/src/embeddings/lexical-tokens.js';
import { lightStem } from '../../../../plugins/semantic-cache/src/embeddings/light-stem.js';

describe('semantic-cache: lexical tokens', () => {
  const cases: [string, string, string[]][] = [
    ['lower-cases and drops punctuation', 'How do I RESET my password?!', ['how', 'do', 'i', 'reset', 'my', 'password']],
    ['applies NFKC', 'Ｗｉｆｉ １２３', ['wifi', '123']],
    ['drops Latin accents', 'Café in Zürich', ['cafe', 'in', 'zurich']],
    ['keeps the marks of other scripts', 'नमस्ते', ['नमस्ते']],
    ['spells out negative contractions', "can't won't doesn't", ['can', 'not', 'will', 'not', 'does', 'not']],
    ['spells out contractions typed without an apostrophe', 'dont whats cant', ['do', 'not', 'what', 'is', 'can', 'not']],
    ['reads curly apostrophes', 'it’s', ['it', 'is']],
    ["drops the possessive 's", "John's car", ['john', 'car']],
    ['closes up hyphenated words', 'e-mail wi-fi', ['email', 'wifi']],
    [
      'writes number words as digits',
      'twenty-five apples and one hundred and five pears',
      ['25', 'apples', 'and', '105', 'pears'],
    ],
    ['keeps a list of small numbers apart', 'one two three', ['1', '2', '3']],
    ['writes ordinals as digits', 'first 2nd third', ['1st', '2nd', '3rd']],
    ['reads "twice" as 2 times', 'charged twice', ['charged', '2', 'times']],
    ['drops thousands separators and keeps decimals', '$1,000.50', ['1000.50']],
    ['reads % as percent', '15%', ['15', 'percent']],
    [
      'reads arithmetic between operands',
      '2 + 3 - 1 * 4 / 2 ^ 2',
      ['2', 'plus', '3', 'minus', '1', 'times', '4', 'divided', 'by', '2', 'power', '2'],
    ],
    ['keeps dates and ranges free of operators', '2024-01-05 2-3', ['2024', '01', '05', '2', '3']],
    ['keeps c++ and c# apart from c', 'c++ c# c', ['c++', 'c#', 'c']],
  ];
  for (const [name, text, tokens] of cases) {
    it(name, () => assert.deepEqual(lexicalTokens(text), tokens));
  }

  it('stems inflections to one form, and leaves short or non-letter words alone', () => {
    const forms = (...words: string[]) => new Set(words.map(lightStem));
    assert.equal(forms('password', 'passwords').size, 1);
    assert.equal(forms('ship', 'ships', 'shipped', 'shipping').size, 1);
    assert.equal(forms('charge', 'charges', 'charged', 'charging').size, 1);
    assert.equal(forms('bill', 'billing').size, 1);
    assert.equal(lightStem('string'), 'string');
    assert.equal(lightStem('ios'), 'ios');
    assert.equal(lightStem('c++'), 'c++');
  });
});
