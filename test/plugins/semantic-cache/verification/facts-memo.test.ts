import assert from 'node:assert/strict';
import { questionFacts } from '@sluice/plugin-semantic-cache';
import { FactsMemo } from '../../../../plugins/semantic-cache/src/verification/facts-memo.js';

describe('semantic-cache verification: the facts of stored questions, remembered', () => {
  it('reads a question once and gives the same facts a fresh read gives', () => {
    const memo = new FactsMemo();
    const first = memo.of('How far is 5 km in miles?');
    assert.equal(memo.of('How far is 5 km in miles?'), first);
    assert.deepEqual(first, questionFacts('How far is 5 km in miles?'));
  });

  it('forgets the oldest question once full', () => {
    const memo = new FactsMemo(2);
    const a = memo.of('Is a tomato a fruit?');
    memo.of('Is a cucumber a fruit?');
    memo.of('Is a pepper a fruit?');
    assert.notEqual(memo.of('Is a tomato a fruit?'), a, 'the first question was forgotten and read again');
  });

  it('reads a long question each time rather than keep it', () => {
    const memo = new FactsMemo();
    const long = `Why ${'really '.repeat(400)}?`;
    assert.notEqual(memo.of(long), memo.of(long));
    assert.deepEqual(memo.of(long), questionFacts(long));
  });
});
