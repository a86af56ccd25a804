import assert from 'node:assert/strict';
import { tradedAroundTime } from '../../../../plugins/semantic-cache/src/verification/time-order.js';

describe('semantic-cache verification: two deeds in the other order around "before" or "after"', () => {
  it('reads the words on each side of the pivot traded both ways', () => {
    assert.equal(tradedAroundTime(['rins', 'bottl', 'befor', 'crush'], ['crush', 'bottl', 'befor', 'rins']), true);
    assert.equal(tradedAroundTime(['eat', 'after', 'swim'], ['swim', 'after', 'eat']), true);
  });

  it('reads no trade where a clause moves one way only, a question asks of both orders, or the pivot stands twice', () => {
    assert.equal(tradedAroundTime(['wedg', 'clay', 'befor', 'throw'], ['befor', 'throw', 'clay', 'wedg']), false);
    assert.equal(
      tradedAroundTime(['cardio', 'befor', '~or', 'after', 'lift'], ['lift', 'befor', '~or', 'after', 'cardio']),
      false,
    );
    assert.equal(tradedAroundTime(['a', 'befor', 'b', 'befor', 'c'], ['c', 'befor', 'b', 'befor', 'a']), false);
    assert.equal(tradedAroundTime(['rins', 'befor', 'crush'], ['rins', 'after', 'crush']), false);
  });
});
