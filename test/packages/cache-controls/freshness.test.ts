import assert from 'node:assert/strict';
import { ageSeconds, answersAtAge, storeTtlSeconds } from '@sluice/cache-controls';

describe('cache-controls: age and lifetime', () => {
  it('an entry answers at any age without max-age, and only younger than max-age with one', () => {
    assert.equal(answersAtAge({}, 10 * 86_400_000), true);
    assert.equal(answersAtAge({ maxAgeSeconds: 60 }, 59_999), true);
    assert.equal(answersAtAge({ maxAgeSeconds: 60 }, 60_000), false);
    assert.equal(answersAtAge({ maxAgeSeconds: 0 }, 0), false);
    assert.equal(answersAtAge({ maxAgeSeconds: 60 }, Number.NaN), false);
  });

  it('a client TTL shortens the layer TTL, never lengthens it', () => {
    assert.equal(storeTtlSeconds({}, 3600), 3600);
    assert.equal(storeTtlSeconds({ ttlSeconds: 60 }, 3600), 60);
    assert.equal(storeTtlSeconds({ ttlSeconds: 86_400 }, 3600), 3600);
  });

  it('Age is whole seconds since storing, never negative', () => {
    assert.equal(ageSeconds(1_000, 1_000), 0);
    assert.equal(ageSeconds(1_000, 3_999), 2);
    assert.equal(ageSeconds(5_000, 1_000), 0);
    assert.equal(ageSeconds(Number.NaN, 1_000), 0);
  });
});
